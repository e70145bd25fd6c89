import { describe, expect, it } from "vitest";
import { bannerVariant, claimsCount } from "./bannerVariant";

describe("bannerVariant", () => {
  it("puts an error first, whatever the count", () => {
    expect(bannerVariant("error", 3)).toBe("error");
    expect(bannerVariant("error", 0)).toBe("error");
  });

  it("says none found when nothing was found", () => {
    expect(bannerVariant("success", 0)).toBe("none");
    expect(bannerVariant("partial", 0)).toBe("none");
    expect(bannerVariant(undefined, undefined)).toBe("none");
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
