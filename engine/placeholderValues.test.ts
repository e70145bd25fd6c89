import { describe, expect, it } from "vitest";
import { placeholderValues, type BrandPlaceholders } from "./placeholderValues";

const brand: BrandPlaceholders = {
  brandName: "Fixture Claims",
  companyName: "Fixture Ltd",
  averageClaim: "£1",
  claimableYears: "2000 and 2001",
  claimablePeriods: "",
  feeBands: "",
  feeExample: "",
};

describe("placeholderValues", () => {
  it("reads {firstName} from personalDetails.firstName by default", () => {
    expect(placeholderValues(brand, { personalDetails: { firstName: "Ann" } }).firstName).toBe("Ann");
  });

  it("reads {firstName} from the funnel's placeholderFields when it names another field", () => {
    const data = { personalDetails: { firstName: "Ann" }, applicant: { givenName: "Bea" } };
    expect(placeholderValues(brand, data, { firstName: "applicant.givenName" }).firstName).toBe("Bea");
    expect(placeholderValues(brand, {}, { firstName: "applicant.givenName" }).firstName).toBe("");
  });

  it("gives the brand's placeholders as they were worked out, beside the claim's", () => {
    const values = placeholderValues(brand, { claimsFound: 2, claim_reference: "FC-1" });
    expect(values).toMatchObject({ brandName: "Fixture Claims", claimableYears: "2000 and 2001", claimsFound: 2, totalClaims: 2 });
    expect(values.claimReference).toBe("FC-1");
  });
});
