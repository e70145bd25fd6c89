import { describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../types";
import { addressGroupOf, addressKeyOf } from "./addressGroup";

const funnelWith = (props: Record<string, unknown> | null) =>
  ({
    steps: [
      { id: "one", title: "One", blocks: [{ type: "heading", props: { text: "Hello" } }] },
      { id: "two", title: "Two", blocks: props ? [{ type: "addressLookup", props }] : [] },
    ],
  }) as unknown as Pick<FunnelDefinition, "steps">;

describe("where a funnel keeps its address", () => {
  it("is its address lookup's fieldGroup, else 'address'", () => {
    expect(addressGroupOf(funnelWith({ fieldGroup: "home" }))).toBe("home");
    expect(addressGroupOf(funnelWith({}))).toBe("address");
    expect(addressGroupOf(funnelWith(null))).toBe("address");
  });

  it("names an address key only under that group", () => {
    expect(addressKeyOf("home.postcode", "home")).toBe("postcode");
    expect(addressKeyOf("address.postcode", "home")).toBeNull();
    expect(addressKeyOf("home.flat", "home")).toBeNull();
    expect(addressKeyOf("homeowner.postcode", "home")).toBeNull();
  });
});
