import { describe, expect, it } from "vitest";
import { averageClaimText, FALLBACK_AVERAGE_CLAIM } from "./copy";
import { applyTransforms } from "./transforms";

describe("the v2 mobile number's transforms", () => {
  const transforms = ["digitsOnly", "leadingZero", "maxElevenDigits"] as const;
  it("keeps at most 11 digits, typed or pasted, after the leading zero is restored", () => {
    expect(applyTransforms("+44 7700 900123", [...transforms])).toBe("07700900123");
    expect(applyTransforms("0770090012345", [...transforms])).toBe("07700900123");
    expect(applyTransforms("7700 9001", [...transforms])).toBe("077009001");
  });
});

describe("the average claim", () => {
  it("is the brand's own, else the £4,000 fallback", () => {
    expect(FALLBACK_AVERAGE_CLAIM).toBe(4000);
    expect(averageClaimText({ averageClaim: 950 })).toBe("£950");
    expect(averageClaimText({})).toBe("£4,000");
  });
});
