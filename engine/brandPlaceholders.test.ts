import { describe, expect, it } from "vitest";
import { brandPlaceholderValues } from "./brandPlaceholders";

const brand = { brandName: "Fixture Claims", companyName: "Fixture Ltd" };

describe("brandPlaceholderValues", () => {
  it("quotes the claimable windows: the default's years, or those the brand carries", () => {
    expect(brandPlaceholderValues(brand).claimableYears).toBe("2007 and 2021");
    const scheme = {
      ...brand,
      eligibility: {
        windows: [
          { from: "2007-04-06", to: "2014-03-31" },
          { from: "2014-04-01", to: "2024-11-01" },
        ],
        loanTypes: ["HP" as const, "CP" as const],
      },
    };
    expect(brandPlaceholderValues(scheme).claimableYears).toBe("2007 and 2024");
    expect(brandPlaceholderValues(scheme).claimablePeriods).toBe("6 April 2007 to 31 March 2014, or 1 April 2014 to 1 November 2024");
  });

  it("says nothing of fees for a brand without them, and names the brand and its company", () => {
    expect(brandPlaceholderValues(brand)).toMatchObject({
      brandName: "Fixture Claims",
      companyName: "Fixture Ltd",
      feeBands: "",
      feeExample: "",
    });
  });
});
