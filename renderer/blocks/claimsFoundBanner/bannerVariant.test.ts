import { describe, expect, it } from "vitest";
import { bannerVariant, claimsCount } from "./bannerVariant";

describe("bannerVariant", () => {
  it("says none found first, when nothing was found, whatever the status", () => {
    expect(bannerVariant("error", 0)).toBe("none");
    expect(bannerVariant("success", 0)).toBe("none");
    expect(bannerVariant("partial", 0)).toBe("none");
    expect(bannerVariant(undefined, undefined)).toBe("none");
  });

  it("then an error, whatever the count", () => {
    expect(bannerVariant("error", 3)).toBe("error");
  });

  it("tells partial from success", () => {
    expect(bannerVariant("partial", 2)).toBe("partial");
    expect(bannerVariant("success", 2)).toBe("success");
    expect(bannerVariant("manual-override", 1)).toBe("success");
  });
});

describe("claimsCount", () => {
  it("reads numbers and numeric strings, never below 0", () => {
    expect(claimsCount(3)).toBe(3);
    expect(claimsCount("4")).toBe(4);
    expect(claimsCount(-1)).toBe(0);
    expect(claimsCount("x")).toBe(0);
    expect(claimsCount(null)).toBe(0);
  });
});
