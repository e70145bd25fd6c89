import { describe, expect, it } from "vitest";
import type { BrandTheme } from "../renderer/boot";
import { placeholderValues } from "./placeholderValues";

const brand = { brandName: "Fixture Claims", companyName: "Fixture Ltd" } as BrandTheme;

describe("placeholderValues", () => {
  it("reads {firstName} from personalDetails.firstName by default", () => {
    expect(placeholderValues(brand, { personalDetails: { firstName: "Ann" } }).firstName).toBe("Ann");
  });

  it("reads {firstName} from the funnel's placeholderFields when it names another field", () => {
    const data = { personalDetails: { firstName: "Ann" }, applicant: { givenName: "Bea" } };
    expect(placeholderValues(brand, data, { firstName: "applicant.givenName" }).firstName).toBe("Bea");
    expect(placeholderValues(brand, {}, { firstName: "applicant.givenName" }).firstName).toBe("");
  });

  it("quotes the claimable windows: the default's years, or those the page's brand carries", () => {
    expect(placeholderValues(brand, {}).claimableYears).toBe("2007 and 2021");
    const scheme = {
      ...brand,
      eligibility: {
        windows: [
          { from: "2007-04-06", to: "2014-03-31" },
          { from: "2014-04-01", to: "2024-11-01" },
        ],
        loanTypes: ["HP", "CP"],
      },
    } as BrandTheme;
    expect(placeholderValues(scheme, {}).claimableYears).toBe("2007 and 2024");
    expect(placeholderValues(scheme, {}).claimablePeriods).toBe("6 April 2007 to 31 March 2014, or 1 April 2014 to 1 November 2024");
  });
});
