import { describe, expect, it } from "vitest";
import { fixtureContentJson } from "../test-fixtures/definitions";
import { brandPlaceholderValues } from "./brandPlaceholders";

const brand = { brandName: "Fixture Claims", companyName: "Fixture Ltd" };
/** The tests' own content's words (English). */
const words = fixtureContentJson.text.brandPlaceholders;

describe("brandPlaceholderValues", () => {
  it("quotes the claimable windows: the default's years, or those the brand carries", () => {
    expect(brandPlaceholderValues(brand, words).claimableYears).toBe("2007 and 2021");
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
    expect(brandPlaceholderValues(scheme, words).claimableYears).toBe("2007 and 2024");
    expect(brandPlaceholderValues(scheme, words).claimablePeriods).toBe(
      "6 April 2007 to 31 March 2014, or 1 April 2014 to 1 November 2024",
    );
  });

  it("tells the windows and fees in the words given, and the names and average claim as they are", () => {
    const fees = {
      bands: [{ from: 1, to: 1499, percent: 30, maxFee: 420 }],
      vatRate: 20,
      exampleRedress: { amount: 950, source: "a source" },
    };
    const marked = Object.fromEntries(Object.entries(words).map(([key, text]) => [key, `Cy: ${text}`])) as typeof words;
    expect(brandPlaceholderValues({ ...brand, averageClaim: 950, fees }, marked)).toEqual({
      brandName: "Fixture Claims",
      companyName: "Fixture Ltd",
      averageClaim: "£950",
      claimableYears: "Cy: 2007 and 2021",
      claimablePeriods: "Cy: Cy: 1 Cy: January 2007 to Cy: 28 Cy: January 2021",
      feeBands: "Cy: 30% plus VAT (36% including VAT) of redress of Cy: £1 to £1,499, at most £420 plus VAT",
      feeExample: "Cy: Cy: On £950 of redress our fee is £285 plus £57 VAT at 20%, £342 in total; you keep £608. (a source)",
    });
  });

  it("says nothing of fees for a brand without them, and names the brand and its company", () => {
    expect(brandPlaceholderValues(brand, words)).toMatchObject({
      brandName: "Fixture Claims",
      companyName: "Fixture Ltd",
      feeBands: "",
      feeExample: "",
    });
  });
});
