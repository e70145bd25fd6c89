/** What is made ready ahead of Next: the step the rules pick now and the next step in order. */
import { describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../../schema/types";
import type { ConditionContext } from "../../engine/conditions";
import { followingSteps } from "./followingSteps";

const funnel = {
  version: "following",
  fields: {},
  steps: [
    {
      id: "start",
      title: "Start",
      blocks: [{ type: "heading", props: { text: "Start" } }],
      next: [{ when: { equals: ["route", "side"] }, to: { step: "side" } }],
    },
    { id: "middle", title: "Middle", blocks: [{ type: "textInput", props: { field: "a" } }] },
    { id: "side", title: "Side", blocks: [{ type: "signature", props: { field: "s" } }] },
    { id: "last", title: "Last", blocks: [{ type: "paragraph", props: { text: "Done" } }] },
  ],
} as unknown as FunnelDefinition;

const when = (data: Record<string, unknown>): ConditionContext => ({ data, query: new URLSearchParams(), brand: {}, fields: {} });

const ids = (stepId: string, data: Record<string, unknown>) => followingSteps(funnel, stepId, when(data)).map((step) => step.id);

describe("followingSteps", () => {
  it("is the next step when the rules go there", () => {
    expect(ids("start", {})).toEqual(["middle"]);
  });

  it("adds the step the rules pick when it is not the next in order", () => {
    expect(ids("start", { route: "side" })).toEqual(["middle", "side"]);
  });

  it("is empty after the last step", () => {
    expect(ids("last", {})).toEqual([]);
  });
});
