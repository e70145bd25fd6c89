import { describe, expect, it } from "vitest";
import { REFERENCE_ALPHABET, REFERENCE_PATTERN, brandPrefix, generateReference } from "./claimReference";

describe("claim references", () => {
  it("use the brand's initials", () => {
    expect(brandPrefix("FairDrive Claims", "fairdrive")).toBe("FD");
    expect(brandPrefix("Car Finance Refunds Ltd")).toBe("CFR");
    expect(brandPrefix("Claims", "reclaim")).toBe("RE");
  });

  it("look like FD-7K3M9Q2P from an alphabet without look-alikes", () => {
    for (const ch of "01ILOU") expect(REFERENCE_ALPHABET).not.toContain(ch);
    const refs = new Set(Array.from({ length: 2000 }, () => generateReference("FD")));
    expect(refs.size).toBe(2000);
    for (const ref of refs) expect(ref).toMatch(REFERENCE_PATTERN);
    expect(generateReference("FD", () => 0)).toBe("FD-22222222");
  });
});
