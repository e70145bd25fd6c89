import { describe, expect, it } from "vitest";
import type { FunnelDefinition, StepDefinition } from "../schema/types";
import { bannerFor, showsHeaderChrome, topBarFor } from "./layout";

const step = (extra: Partial<StepDefinition> = {}): StepDefinition => ({ id: "a", title: "A", blocks: [], ...extra });
const funnel = (layout?: FunnelDefinition["layout"]) => ({ layout }) as FunnelDefinition;

describe("bannerFor", () => {
  it("uses the step's own banner first, then the funnel's, else none", () => {
    const f = funnel({ banner: { text: "Average Refund of {averageClaim}**" } });
    expect(bannerFor(f, step({ banner: { text: "You could be owed compensation**" } }))).toEqual({
      text: "You could be owed compensation**",
    });
    expect(bannerFor(f, step())).toEqual({ text: "Average Refund of {averageClaim}**" });
    expect(bannerFor(funnel(), step())).toBeNull();
  });

  it("hides the banner on a step that says so", () => {
    expect(bannerFor(funnel({ banner: { text: "x" } }), step({ banner: "hidden" }))).toBeNull();
  });
});

describe("topBarFor", () => {
  it("reads the funnel's top bar", () => {
    expect(topBarFor(funnel({ topBar: { text: "Based on 7,042 reviews", rating: 5 } }))).toEqual({
      text: "Based on 7,042 reviews",
      rating: 5,
    });
    expect(topBarFor(funnel())).toBeNull();
  });
});

describe("showsHeaderChrome", () => {
  it("holds for a step with a banner or a funnel with a top bar, not for a step without either", () => {
    expect(showsHeaderChrome(funnel({ topBar: { text: "Rated" } }), step({ banner: "hidden" }))).toBe(true);
    expect(showsHeaderChrome(funnel(), step({ banner: { text: "Owed money?" } }))).toBe(true);
    expect(showsHeaderChrome(funnel({ banner: { text: "x" } }), step())).toBe(true);
    expect(showsHeaderChrome(funnel({ banner: { text: "x" } }), step({ banner: "hidden" }))).toBe(false);
    expect(showsHeaderChrome(funnel({ showProgress: true }), step())).toBe(false);
  });
});
