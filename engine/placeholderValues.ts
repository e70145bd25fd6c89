/** The values copy placeholders are filled with: the brand's (brandPlaceholders.ts) and the claim's so far. */
import { PATH_DEFAULTS } from "../schema/contracts";
import { getPath, type FormData } from "./paths";

/** The placeholders a brand alone decides, in words (engine/brandPlaceholders.ts works them out). */
export interface BrandPlaceholders {
  brandName: string;
  companyName: string;
  averageClaim: string;
  claimableYears: string;
  claimablePeriods: string;
  feeBands: string;
  feeExample: string;
}

/** Where copy placeholders read fields: the funnel's placeholderFields, else the defaults. */
export interface PlaceholderFields {
  firstName?: string;
}

export function placeholderValues(
  brand: BrandPlaceholders,
  data: FormData,
  fields: PlaceholderFields = {},
): Record<string, string | number | undefined> {
  const claimsFound = typeof data.claimsFound === "number" ? data.claimsFound : 0;
  return {
    ...brand,
    claimsFound,
    totalClaims: typeof data.totalClaims === "number" ? data.totalClaims : claimsFound,
    claimReference: typeof data.claim_reference === "string" ? data.claim_reference : "",
    firstName: (getPath(data, fields.firstName ?? PATH_DEFAULTS.firstName) as string | undefined) ?? "",
    creditReportLinkStart: "",
    creditReportLinkEnd: "",
  };
}
