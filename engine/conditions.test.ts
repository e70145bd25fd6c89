import { describe, expect, it } from "vitest";
import { conditionSchema, CONDITION_OPERATORS } from "../schema/condition.schema";
import { FIXTURE_FIELDS } from "../test-fixtures/definitions";
import { funnelWith } from "./testing/funnelWith";
import { evaluateCondition, EVALUATED_OPERATORS, type ConditionContext } from "./conditions";

/** The fixture's fields (names, date of birth with its age rule, …). */
const { fields } = funnelWith({ fields: FIXTURE_FIELDS, steps: [] });
const ctx = (data: Record<string, unknown>, query = "", brand: Record<string, unknown> = {}): ConditionContext => ({
  data,
  query: new URLSearchParams(query),
  brand,
  fields,
});

describe("conditions", () => {
  it("evaluates every operator the schema lists", () => {
    expect([...EVALUATED_OPERATORS].sort()).toEqual([...CONDITION_OPERATORS].sort());
    expect(Object.keys(conditionSchema.properties).length).toBe(EVALUATED_OPERATORS.length);
  });
  it("filled treats blanks, empty lists and false as empty", () => {
    expect(evaluateCondition({ filled: "a" }, ctx({ a: "  " }))).toBe(false);
    expect(evaluateCondition({ filled: "a" }, ctx({ a: [] }))).toBe(false);
    expect(evaluateCondition({ filled: "a.b" }, ctx({ a: { b: "x" } }))).toBe(true);
  });
  it("all, any, not", () => {
    const data = ctx({ a: "x" });
    expect(evaluateCondition({ all: [{ filled: "a" }, { filled: "b" }] }, data)).toBe(false);
    expect(evaluateCondition({ any: [{ filled: "a" }, { filled: "b" }] }, data)).toBe(true);
    expect(evaluateCondition({ not: { filled: "b" } }, data)).toBe(true);
  });
  it("equals, query and brand leaves", () => {
    expect(evaluateCondition({ equals: ["hadFinance", "yes"] }, ctx({ hadFinance: "yes" }))).toBe(true);
    expect(evaluateCondition({ query: ["show_modal", "true"] }, ctx({}, "?show_modal=true"))).toBe(true);
    expect(evaluateCondition({ query: ["show_modal", "true"] }, ctx({}, "?show_modal=1"))).toBe(false);
    const brand = { credit_check_providers: { provider_type: "kba" } };
    expect(evaluateCondition({ brand: ["credit_check_providers.provider_type", "kba"] }, ctx({}, "", brand))).toBe(true);
  });
  it("valid checks every field under a prefix with its rules", () => {
    const good = { personalDetails: { title: "Mr", firstName: "Sam", lastName: "Okoro", dateOfBirth: "1980-05-01" } };
    expect(evaluateCondition({ valid: "personalDetails" }, ctx(good))).toBe(true);
    const underage = { personalDetails: { ...good.personalDetails, dateOfBirth: "2015-05-01" } };
    expect(evaluateCondition({ valid: "personalDetails" }, ctx(underage))).toBe(false);
  });
});
