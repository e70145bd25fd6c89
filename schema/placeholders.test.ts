import { describe, expect, it } from "vitest";
import { COPY_PLACEHOLDERS, findPlaceholders } from "./placeholders";

describe("findPlaceholders", () => {
  it("finds each {name} token with its offset", () => {
    expect(findPlaceholders("Hi {firstName}, {brandName} found {claimsFound}")).toEqual([
      { name: "firstName", index: 3 },
      { name: "brandName", index: 16 },
      { name: "claimsFound", index: 34 },
    ]);
  });

  it("ignores regular-expression quantifiers and empty braces", () => {
    expect(findPlaceholders("^07\\d{9}$ and {} and {1,2}")).toEqual([]);
  });

  it("lists each placeholder once", () => {
    expect(new Set(COPY_PLACEHOLDERS).size).toBe(COPY_PLACEHOLDERS.length);
  });
});
