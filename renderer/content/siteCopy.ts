/** Placeholder values on the site pages (home, privacy): the brand, its average claim and its pause date. */
import type { BrandTheme } from "../boot";
import { averageClaimText, fillPlaceholders } from "../../engine/copy";

export function siteFill(brand: BrandTheme): (text: string) => string {
  const values = {
    brandName: brand.brandName,
    companyName: brand.companyName,
    averageClaim: averageClaimText(brand),
    handlingPausedUntil: brand.handlingPausedUntil,
  };
  return (text) => fillPlaceholders(text, values);
}
