/** The claimable windows and loan types of a claim's brand (brand, else company, else the default). */
import { resolveEligibility, type Eligibility } from "../../schema/rules/eligibility";
import { defaultBrand } from "../brands";
import type { AppContext } from "../context";
import { companyFor } from "../content/brandContent";

export function eligibilityForBrandId(
  ctx: Pick<AppContext, "brands"> & Partial<Pick<AppContext, "content">>,
  brandId: string | null | undefined,
): Eligibility {
  const brand = ctx.brands.find((b) => b.brandId === brandId) ?? defaultBrand(ctx.brands);
  return resolveEligibility(brand, companyFor(brand, ctx.content));
}
