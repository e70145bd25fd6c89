import { describe, expect, it } from "vitest";
import { claimablePeriods, claimableYears, DEFAULT_ELIGIBILITY, isClaimable, resolveEligibility, type Eligibility } from "./eligibility";

/** The redress scheme's two windows (FCA PS26/3), as a company would set them. */
const SCHEME: Eligibility = {
  windows: [
    { from: "2007-04-06", to: "2014-03-31" },
    { from: "2014-04-01", to: "2024-11-01" },
  ],
  loanTypes: ["HP", "CY", "BH", "CP"],
};

describe("eligibility", () => {
  it("takes the brand's, else the company's, else the default window", () => {
    expect(resolveEligibility({ eligibility: SCHEME }, { eligibility: DEFAULT_ELIGIBILITY })).toBe(SCHEME);
    expect(resolveEligibility({}, { eligibility: SCHEME })).toBe(SCHEME);
    expect(resolveEligibility({}, null)).toBe(DEFAULT_ELIGIBILITY);
  });

  it("keeps the default window's edges: 1 January 2007 to 28 January 2021 inclusive", () => {
    const at = (startDate: string) => isClaimable(DEFAULT_ELIGIBILITY, { accountType: "HP", startDate });
    expect([at("2006-12-31"), at("2007-01-01"), at("2021-01-28"), at("2021-01-29"), at("2022-06-01")]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it("claims an agreement inside any window and of a listed loan type only", () => {
    const at = (startDate: string, accountType = "CP") => isClaimable(SCHEME, { accountType, startDate });
    expect([at("2007-04-05"), at("2007-04-06"), at("2014-03-31"), at("2014-04-01"), at("2023-05-10"), at("2024-11-02")]).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(at("2023-05-10", "FL")).toBe(false);
    expect(isClaimable(SCHEME, { accountType: "HP", startDate: null })).toBe(false);
    expect(isClaimable(SCHEME, { accountType: "HP", startDate: "10/05/2023" })).toBe(false);
  });

  it("words the windows for copy placeholders", () => {
    expect(claimableYears(DEFAULT_ELIGIBILITY)).toBe("2007 and 2021");
    expect(claimableYears(SCHEME)).toBe("2007 and 2024");
    expect(claimablePeriods(SCHEME)).toBe("6 April 2007 to 31 March 2014, or 1 April 2014 to 1 November 2024");
  });
});
