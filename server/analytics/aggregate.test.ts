/**
 * Drop-off on each visitor's own path, on a branching funnel: it shows its verify step only to visitors who
 * arrive with ?verify=true (includeWhen, and lender-selection's next rule); the others go straight to
 * submitting. Simulated visitors walk the funnel by the engine's own flow rules, so the step a visitor skips is
 * never shown to them, and the verify step's drop-off must count only those shown it.
 */
import { describe, expect, it } from "vitest";
import type { Condition } from "../../schema/types";
import { nextTarget } from "../../engine/flow";
import { funnelWith } from "../../engine/testing/funnelWith";
import { medianSeconds, tallyVisits, type VisitEvent } from "./aggregate";

const VERIFIES: Condition = { any: [{ brand: ["credit_check_providers.provider_type", "kba"] }, { query: ["verify", "true"] }] };
const funnel = funnelWith({
  version: "v2",
  steps: [
    { id: "address", blocks: [] },
    { id: "lender-selection", blocks: [], next: [{ when: VERIFIES, to: { step: "verify" } }, { to: { step: "submitting" } }] },
    { id: "verify", blocks: [], includeWhen: VERIFIES, next: [{ to: { step: "submitting" } }] },
    {
      id: "credit-check",
      blocks: [],
      includeWhen: { not: { brand: ["credit_check_providers.provider_type", "kba"] } },
      next: [{ to: { step: "submitting" } }],
    },
    { id: "submitting", blocks: [] },
    { id: "confirmation", blocks: [] },
  ],
});

/** Walks one visitor from the first step, dropping at `dropAt` (shown, never continued); 4 s a step. */
function walk(visitId: string, query: string, dropAt: string | null, variants: Record<string, string> = {}): VisitEvent[] {
  const events: VisitEvent[] = [];
  const ctx = {
    data: {},
    query: new URLSearchParams(query),
    brand: { credit_check_providers: { provider_type: "standard" } },
    fields: funnel.fields,
  };
  let clock = Date.UTC(2026, 2, 1, 10);
  const event = (kind: VisitEvent["kind"], stepId: string, extra: Partial<VisitEvent> = {}) =>
    events.push({
      visitId,
      brandId: "fairdrive",
      funnelVersion: "v2",
      variants,
      kind,
      stepId,
      fieldPath: null,
      rule: null,
      hook: null,
      outcome: null,
      occurredAt: new Date(clock),
      ...extra,
    });
  let stepId: string | null = funnel.steps[0].id;
  while (stepId) {
    event("step_shown", stepId);
    if (stepId === dropAt) {
      event("validation_failed", stepId, { fieldPath: "verification.code", rule: "required" });
      return events;
    }
    clock += 4000;
    const target = nextTarget(funnel, stepId, ctx);
    const next: string | null = target && "step" in target ? target.step : null;
    event(next ? "step_left" : "funnel_completed", stepId, { outcome: "next" });
    stepId = next;
  }
  return events;
}

describe("tallyVisits on a branching funnel", () => {
  it("counts a skipped step's drop-off only over the visitors shown it", () => {
    const events: VisitEvent[] = [];
    // 100 visitors: 40 arrive with ?verify=true, 10 of whom stop at verify; 60 skip it, 6 of whom stop at lender-selection.
    for (let i = 0; i < 100; i++) {
      const verifies = i < 40;
      const dropAt = verifies ? (i < 10 ? "verify" : null) : i < 46 ? "lender-selection" : null;
      events.push(...walk(`visit-${i}`, verifies ? "verify=true" : "", dropAt));
    }
    const [group] = tallyVisits(events);
    expect(group.visits).toBe(100);
    expect(group.completed).toBe(100 - 10 - 6);
    const verify = group.steps.get("verify")!;
    // Shown only to the 40 who verify: 10 of 40 dropped (25%), not 10 of 94 who reached lender-selection's next.
    expect(verify).toMatchObject({ entered: 40, continued: 30 });
    expect(verify.failures).toEqual({ "verification.code|required": 10 });
    const lenders = group.steps.get("lender-selection")!;
    expect(lenders).toMatchObject({ entered: 100, continued: 94 });
    // A step nobody was shown is absent, not a 100% drop.
    expect(group.steps.has("credit-check")).toBe(false);
    expect(group.steps.get("submitting")).toMatchObject({ entered: 84, continued: 84 });
    expect(medianSeconds(lenders.seconds)).toBe(4);
  });

  it("tallies every visit under the brand's funnel version and under each experiment variant it was in", () => {
    const events = [
      ...walk("a-1", "", null, { landing: "a" }),
      ...walk("a-2", "", "address", { landing: "a" }),
      ...walk("b-1", "", null, { landing: "b" }),
    ];
    const groups = tallyVisits(events);
    const of = (experimentId: string, variant: string) =>
      groups.find((g) => g.key.experimentId === experimentId && g.key.variant === variant)!;
    expect(of("", "")).toMatchObject({ visits: 3, completed: 2 });
    expect(of("landing", "a")).toMatchObject({ visits: 2, completed: 1 });
    expect(of("landing", "b")).toMatchObject({ visits: 1, completed: 1 });
    expect(of("landing", "a").steps.get("address")).toMatchObject({ entered: 2, continued: 1 });
  });

  it("takes a medianSeconds over a histogram", () => {
    expect(medianSeconds({})).toBeNull();
    expect(medianSeconds({ "2": 1, "10": 1, "3": 1 })).toBe(3);
    expect(medianSeconds({ "1": 3, "50": 1 })).toBe(1);
  });
});
