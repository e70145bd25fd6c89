/** The values copy placeholders are filled with: the brand and the claim so far. */
import { averageClaimText } from "./copy";
import { feeBandsText, feeExampleText, type Fees } from "../schema/rules/fees";
import { claimablePeriods, claimableYears, resolveEligibility, type Eligibility } from "../schema/rules/eligibility";
import { PATH_DEFAULTS } from "../schema/contracts";
import { getPath, type FormData } from "./paths";

/** Where copy placeholders read fields: the funnel's placeholderFields, else the defaults. */
export interface PlaceholderFields {
  firstName?: string;
}

/** What placeholders read of a brand (the page's brand theme, or the server's brand). */
export interface PlaceholderBrand {
  brandName: string;
  companyName: string;
  averageClaim?: number;
  /** The claimable windows: the brand's or its company's (the server puts the company's on the page's brand), else the default. */
  eligibility?: Eligibility;
  /** The success fee's bands (the brand's or its company's, put on the page's brand by the server). */
  fees?: Fees;
}

export function placeholderValues(
  brand: PlaceholderBrand,
  data: FormData,
  fields: PlaceholderFields = {},
): Record<string, string | number | undefined> {
  const eligibility = resolveEligibility(brand, null);
  const claimsFound = typeof data.claimsFound === "number" ? data.claimsFound : 0;
  return {
    brandName: brand.brandName,
    companyName: brand.companyName,
    averageClaim: averageClaimText(brand),
    claimableYears: claimableYears(eligibility),
    claimablePeriods: claimablePeriods(eligibility),
    feeBands: brand.fees ? feeBandsText(brand.fees) : "",
    feeExample: brand.fees ? feeExampleText(brand.fees) : "",
    claimsFound,
    totalClaims: typeof data.totalClaims === "number" ? data.totalClaims : claimsFound,
    claimReference: typeof data.claim_reference === "string" ? data.claim_reference : "",
    firstName: (getPath(data, fields.firstName ?? PATH_DEFAULTS.firstName) as string | undefined) ?? "",
    creditReportLinkStart: "",
    creditReportLinkEnd: "",
  };
}
