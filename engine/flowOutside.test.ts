import { describe, expect, it } from "vitest";
import type { Condition, FunnelDefinition, StepDefinition } from "../schema/types";
import type { ConditionContext } from "./conditions";
import { progressOf, stepOutsideFlowTarget } from "./flow";

const KBA: Condition = { brand: ["credit_check_providers.provider_type", "kba"] };
const step = (id: string, extra: Partial<StepDefinition> = {}): StepDefinition => ({ id, title: id, blocks: [], ...extra });

/**
 * A fixture funnel shaped like v2's end and v3's resume page: questions for KBA brands; for the others a search
 * that Next from lenders jumps over (it is opened by its URL).
 */
const funnel = {
  version: "fx",
  title: "Fixture",
  routing: { path: "fx", unknownStep: "firstStep", alwaysAllowed: ["questions", "resume"], entrySteps: ["search"] },
  navigation: { nextLabel: "Next", busyLabel: "Busy", submitLabel: "Send", backLabel: "Back" },
  fields: {},
  steps: [
    step("start"),
    step("lenders", { next: [{ when: KBA, to: { step: "questions" } }, { to: { step: "finish" } }] }),
    step("questions", { includeWhen: KBA }),
    step("search", { includeWhen: { not: KBA }, next: [{ to: { step: "finish" } }] }),
    step("finish"),
    step("resume", { includeWhen: { query: ["resume", "true"] }, progress: "hidden" }),
  ],
} as unknown as FunnelDefinition;

const ctx = (kind: string, query = ""): ConditionContext => ({
  data: {},
  query: new URLSearchParams(query),
  brand: { credit_check_providers: { provider_type: kind } },
  fields: {},
});

describe("a step that is not the visitor's", () => {
  it("sends a KBA brand's visitor from the non-KBA search to the nearest earlier step of their flow", () => {
    expect(stepOutsideFlowTarget(funnel, "search", ctx("kba"))).toEqual({ step: "questions" });
  });

  it("lets the other brands open it", () => {
    expect(stepOutsideFlowTarget(funnel, "search", ctx("standard"))).toBeNull();
  });

  it("opens a step routing.alwaysAllowed lists to anyone", () => {
    expect(stepOutsideFlowTarget(funnel, "questions", ctx("standard"))).toBeNull();
    expect(stepOutsideFlowTarget(funnel, "resume", ctx("standard"))).toBeNull();
  });

  it("goes to the first step of the flow when no earlier step is in it", () => {
    const first = { ...funnel, steps: [step("only-kba", { includeWhen: KBA }), step("next")] } as FunnelDefinition;
    expect(stepOutsideFlowTarget(first, "only-kba", ctx("standard"))).toEqual({ step: "next" });
  });
});

describe("progress", () => {
  it("counts the steps of the visitor's own path: KBA brands go through the questions", () => {
    expect(progressOf(funnel, "questions", ctx("kba"))).toEqual({ current: 3, total: 4, isLast: false, shown: true });
    expect(progressOf(funnel, "finish", ctx("kba"))).toEqual({ current: 4, total: 4, isLast: true, shown: true });
  });

  it("does not count a step Next jumps over: the others go from lenders straight to finish", () => {
    expect(progressOf(funnel, "lenders", ctx("standard"))).toEqual({ current: 2, total: 3, isLast: false, shown: true });
    expect(progressOf(funnel, "finish", ctx("standard"))).toEqual({ current: 3, total: 3, isLast: true, shown: true });
  });

  it("places a step of the flow opened by its URL after the path's earlier steps, and goes on from it", () => {
    expect(progressOf(funnel, "search", ctx("standard"))).toEqual({ current: 3, total: 4, isLast: false, shown: true });
  });

  it("shows no count on a step outside the flow, never 'Step 1'", () => {
    expect(progressOf(funnel, "questions", ctx("standard")).shown).toBe(false);
  });

  it("neither counts nor shows a step marked progress hidden, even when it is in the flow", () => {
    const resumed = ctx("standard", "?resume=true");
    expect(progressOf(funnel, "resume", resumed).shown).toBe(false);
    expect(progressOf(funnel, "finish", resumed)).toEqual({ current: 3, total: 3, isLast: false, shown: true });
  });
});
