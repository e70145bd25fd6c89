import { describe, expect, it } from "vitest";
import v3b from "../test-fixtures/definitions/funnels/v3b.json";
import type { FunnelDefinition } from "../schema/types";
import { backTarget, fieldsUpTo, nextTarget, progressOf, stepFields } from "./flow";

const funnel = v3b as unknown as FunnelDefinition;
const ctx = { data: {}, query: new URLSearchParams(), brand: {}, fields: funnel.fields };

describe("flow", () => {
  it("walks v3b in the spec's order", () => {
    const order = ["get-started"];
    let target = nextTarget(funnel, "get-started", ctx);
    while (target && "step" in target) {
      order.push(target.step);
      target = nextTarget(funnel, target.step, ctx);
    }
    expect(order).toEqual(["get-started", "address", "personal-details", "signature", "credit-check", "select-claims", "confirmation"]);
  });
  it("hides Back on the first step and goes to the previous step otherwise", () => {
    expect(backTarget(funnel, "get-started", ctx)).toBeNull();
    expect(backTarget(funnel, "personal-details", ctx)).toEqual({ step: "address" });
  });
  it("counts progress as current / total", () => {
    expect(progressOf(funnel, "address", ctx)).toEqual({ current: 2, total: 7, isLast: false, shown: true });
    expect(progressOf(funnel, "confirmation", ctx).isLast).toBe(true);
  });
  it("knows which fields each step collects", () => {
    expect(stepFields(funnel.steps[0])).toEqual(["hadFinance", "contactDetails.isTermsPolicyAgreed"]);
    expect(stepFields(funnel.steps[1])).toContain("address.postcode");
    const upToSignature = fieldsUpTo(funnel, "signature");
    expect(upToSignature).toContain("personalDetails.dateOfBirth");
    expect(upToSignature).toContain("signature");
    expect(upToSignature).not.toContain("account.password");
  });
});
