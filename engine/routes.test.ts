import { describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../schema/types";
import { funnelWith } from "./testing/funnelWith";
import { entryLocation, resolveClaimRoute } from "./routes";

/** A funnel v3b that v3 mirrors, sending an unknown step to its first step. */
const base = funnelWith({
  version: "v3b",
  routing: { path: "v3b", mirrors: ["v3"], unknownStep: "firstStep" },
  steps: [
    { id: "get-started", blocks: [] },
    { id: "address", blocks: [] },
  ],
});
const apply: FunnelDefinition = {
  ...base,
  version: "v5",
  routing: {
    path: "apply-today",
    unknownStep: "firstStep",
    redirectFrom: [{ path: "v5", stepMap: { "getting-started": "start" }, fallbackStep: "start" }],
  },
  steps: [
    { id: "start", title: "Start", blocks: [] },
    { id: "about-you", title: "About you", blocks: [] },
  ],
};
const funnels = [base, apply];

describe("claim routes", () => {
  it("renders a known step, and v3 runs v3b under its own path", () => {
    expect(resolveClaimRoute(funnels, { version: "v3b", step: "address", search: "" })).toMatchObject({
      kind: "render",
      mountPath: "v3b",
      stepId: "address",
    });
    expect(resolveClaimRoute(funnels, { version: "v3", step: "get-started", search: "" })).toMatchObject({
      kind: "render",
      mountPath: "v3",
      stepId: "get-started",
    });
  });
  it("sends an unknown step of v3b and v3 to get-started, keeping the query", () => {
    expect(resolveClaimRoute(funnels, { version: "v3b", step: "anything", search: "?a=1" })).toEqual({
      kind: "redirect",
      location: "/claim/v3b/get-started?a=1",
    });
    expect(resolveClaimRoute(funnels, { version: "v3", step: "nope", search: "" })).toEqual({
      kind: "redirect",
      location: "/claim/v3/get-started",
    });
  });
  it("is not found for an unknown version or a missing step", () => {
    expect(resolveClaimRoute(funnels, { version: "v9", step: "x", search: "" })).toEqual({ kind: "notFound" });
    expect(resolveClaimRoute(funnels, { version: "v3b", search: "" })).toEqual({ kind: "notFound" });
  });
  it("is not found for an unknown step when the funnel says so", () => {
    const strict = { ...base, routing: { ...base.routing, mirrors: [], path: "v4", unknownStep: "notFound" as const } };
    expect(resolveClaimRoute([strict], { version: "v4", step: "nope", search: "" })).toEqual({ kind: "notFound" });
  });
  it("redirects another version's path with its step map, keeping the query string", () => {
    expect(resolveClaimRoute(funnels, { version: "v5", step: "getting-started", search: "?utm=x" })).toEqual({
      kind: "redirect",
      location: "/claim/apply-today/start?utm=x",
    });
    expect(resolveClaimRoute(funnels, { version: "v5", step: "about-you", search: "" })).toEqual({
      kind: "redirect",
      location: "/claim/apply-today/about-you",
    });
    expect(resolveClaimRoute(funnels, { version: "v5", step: "zzz", search: "?q=1" })).toEqual({
      kind: "redirect",
      location: "/claim/apply-today/start?q=1",
    });
  });
  it("the /claim entry goes to the first step of the brand's funnel", () => {
    expect(entryLocation(funnels, "v3b", "")).toBe("/claim/v3b/get-started");
    expect(entryLocation(funnels, "v3", "?x=1")).toBe("/claim/v3b/get-started?x=1");
    expect(entryLocation(funnels, "v42", "")).toBeNull();
  });
});
