import { describe, expect, it } from "vitest";
import type { BrandTheme } from "../boot";
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
});
