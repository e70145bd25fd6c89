/**
 * The copy placeholders a brand alone decides: its names, its average claim, its claimable windows and its fees in
 * words. Worked out where the brand's rules are (the server: a page's brand carries them as `placeholders`), so no
 * page carries the code of the fee and eligibility rules only to say them. The windows and fees are told in the words
 * given: the shared content's `text.brandPlaceholders` in the page's language, so a Welsh page says them in Welsh.
 */
import { averageClaimText } from "./copy";
import { feeBandsText, feeExampleText, type Fees } from "../schema/rules/fees";
import { claimablePeriods, claimableYears, resolveEligibility, type Eligibility } from "../schema/rules/eligibility";
import type { BrandPlaceholders } from "./placeholderValues";
import type { BrandPlaceholderWords } from "../schema/content.schema";

/** What the placeholders read of a brand (with its company's windows and fees when it has none of its own). */
export interface PlaceholderBrand {
  brandName: string;
  companyName: string;
  averageClaim?: number;
  /** The claimable windows: the brand's or its company's, else the default. */
  eligibility?: Eligibility;
  /** The success fee's bands: the brand's or its company's. */
  fees?: Fees;
}

export function brandPlaceholderValues(brand: PlaceholderBrand, words: BrandPlaceholderWords): BrandPlaceholders {
  const eligibility = resolveEligibility(brand, null);
  return {
    brandName: brand.brandName,
    companyName: brand.companyName,
    averageClaim: averageClaimText(brand),
    claimableYears: claimableYears(eligibility, words),
    claimablePeriods: claimablePeriods(eligibility, words),
    feeBands: brand.fees ? feeBandsText(brand.fees, words) : "",
    feeExample: brand.fees ? feeExampleText(brand.fees, words) : "",
  };
}
