/**
 * The conformance suite, part two: facts the spec prescribes that live in one block of a SHIPPED funnel
 * (definitions/, as the server loads them), rather than anywhere in a step. The block components themselves
 * are tested on the tests' own small funnels; this says the shipped funnel still gives them the spec's copy.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../../schema/types";
import { DEFAULT_DEFINITIONS_DIR, loadDefinitions } from "../definitions";

let funnels: Map<string, FunnelDefinition>;

beforeAll(async () => {
  const loaded = await loadDefinitions(DEFAULT_DEFINITIONS_DIR);
  funnels = new Map(loaded.funnels.map((f) => [f.version, f]));
});

/** Every string under a value (a block's props), joined. */
const textOf = (value: unknown): string =>
  typeof value === "string"
    ? value
    : Array.isArray(value)
      ? value.map(textOf).join(" ")
      : value && typeof value === "object"
        ? Object.values(value).map(textOf).join(" ")
        : "";

describe("the shipped funnels' blocks carry the spec's facts", () => {
  it("v1's regulatory card (the introduction's last info card)", () => {
    const regulatory = funnels
      .get("v1")!
      .steps[0].blocks.filter((b) => b.type === "infoCard")
      .at(-1)!;
    const text = textOf(regulatory.props);
    expect((regulatory.props as { title: string }).title).toBe("Important information");
    for (const fact of ["Financial Ombudsman Service", "28 January 2021", "Leases and rentals are not eligible", "about 30 days"]) {
      expect(text).toContain(fact);
    }
  });

  it("v2's submitting machine: the spec's eight states (plus the existing-user stop), every target a state, and its ends", () => {
    const machine = funnels.get("v2")!.steps.find((s) => s.id === "submitting")!.machine!;
    expect(Object.keys(machine.states)).toEqual(
      expect.arrayContaining([
        "initializing",
        "checking-existing",
        "verifying",
        "otp-challenge",
        "credit-check",
        "account-creation",
        "complete",
        "error",
      ]),
    );
    expect(machine.initial).toBe("initializing");
    for (const state of Object.values(machine.states))
      for (const target of Object.values(state.on ?? {})) expect(machine.states[target]).toBeDefined();
    expect(machine.states["existing-user"].run).toEqual([{ hook: "navigate", href: "/login?redirect=/portal&status=existing_user" }]);
    expect(machine.states.complete.run).toEqual([
      { hook: "completeSubmission", event: "submitting-complete-v2" },
      { hook: "navigate", step: "confirmation" },
    ]);
  });
});
