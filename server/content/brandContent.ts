/**
 * What a brand adds to a page beyond its theme: the funnel with its copy
 * overlays, its company's content and the marketing claims with its overrides.
 */
import { AFFILIATE_CONTINUE_KEYS, MARKETING_KEYS, type AffiliateContinueKey, type MarketingKey } from "../../schema/content.schema";
import type { Brand, CompanyContent, FunnelDefinition, SiteContent } from "../../schema/types";
import { fillPlaceholders } from "../../engine/copy";
import { brandPlaceholderValues } from "../../engine/brandPlaceholders";
import type { BrandPlaceholders } from "../../engine/placeholderValues";
import { publicBrand } from "../brands";
import { applyBlockCopyDefaults, applyCopyOverlays, type CopyOverlay } from "../../schema/rules/copyOverlay";

export interface ContentSet {
  site: SiteContent;
  /** By companyId. A company without a file has no company-specific content. */
  companies: ReadonlyMap<string, CompanyContent>;
}

export type Marketing = Record<MarketingKey, string>;

const resolved = new WeakMap<FunnelDefinition, Map<Brand, FunnelDefinition>>();

/** The funnel as this brand shows it (memoised per funnel and brand object; definitions do not change while running). */
export function funnelForBrand(funnel: FunnelDefinition, brand: Brand, content: ContentSet | undefined): FunnelDefinition {
  let byBrand = resolved.get(funnel);
  if (!byBrand) resolved.set(funnel, (byBrand = new Map()));
  let out = byBrand.get(brand);
  if (!out) {
    const withDefaults = applyBlockCopyDefaults(funnel, content?.site.blockCopy);
    out = applyCopyOverlays(withDefaults, [content?.site.copy as CopyOverlay | undefined, brand.copy as CopyOverlay | undefined]);
    byBrand.set(brand, out);
  }
  return out;
}

export function companyFor(brand: Brand, content: ContentSet | undefined): CompanyContent | null {
  return content?.companies.get(brand.companyId) ?? null;
}

/** A brand as a page carries it: the renderer's BrandTheme. */
export type PageBrand = Omit<Brand, "hostnames"> & { placeholders: BrandPlaceholders };

/** The claimable windows and fees a brand goes by: its own, else its company's (the fee blocks and copy show them). */
function rulesOf(brand: Brand, content: ContentSet): Pick<Brand, "eligibility" | "fees"> {
  const company = companyFor(brand, content);
  const eligibility = brand.eligibility ?? company?.eligibility;
  const fees = brand.fees ?? company?.fees;
  return { ...(eligibility ? { eligibility } : {}), ...(fees ? { fees } : {}) };
}

/**
 * The copy placeholders a brand alone decides ({claimableYears}, {feeExample}…), from its windows and fees (rulesOf),
 * told in the content's words (`text.brandPlaceholders`): the content of the page's language says them in that
 * language. A page carries them (pageBrand); the consents and the summary document a consumer was shown are
 * composed with the same.
 */
export function brandPlaceholdersIn(brand: Brand, content: ContentSet): BrandPlaceholders {
  return brandPlaceholderValues({ ...brand, ...rulesOf(brand, content) }, content.site.text.brandPlaceholders);
}

/** What a page gets of a brand (publicBrand): with the windows and fees it goes by, and its placeholders in words. */
export function pageBrand(brand: Brand, content: ContentSet): PageBrand {
  return { ...publicBrand(brand), ...rulesOf(brand, content), placeholders: brandPlaceholdersIn(brand, content) };
}

/** The shared marketing claims with the brand's overrides. */
export function marketingFor(brand: Brand, site: SiteContent): Marketing {
  const overrides = (brand.marketing ?? {}) as Partial<Record<string, string>>;
  return Object.fromEntries(MARKETING_KEYS.map((key) => [key, overrides[key] ?? site.marketing[key]])) as Marketing;
}

/** The browser tab icon: the brand's faviconUrl, else its logo when that is an icon format, else the site's. */
export function faviconFor(brand: Brand): string {
  if (brand.faviconUrl) return brand.faviconUrl;
  return /\.(svg|png|ico)$/i.test(brand.logoUrl) && brand.logoUrl.startsWith("/") ? brand.logoUrl : "/favicon.svg";
}

export function faviconType(url: string): string {
  if (url.endsWith(".svg")) return "image/svg+xml";
  if (url.endsWith(".png")) return "image/png";
  return "image/x-icon";
}

export type AffiliateContinueCopy = Record<AffiliateContinueKey, string>;

/** The affiliate continue page's copy: the shared text with the brand's overrides, its placeholders filled. */
export function affiliateContinueFor(brand: Brand, site: SiteContent): AffiliateContinueCopy {
  const overrides = (brand.affiliateContinue ?? {}) as Partial<AffiliateContinueCopy>;
  const values = { brandName: brand.brandName, companyName: brand.companyName };
  return Object.fromEntries(
    AFFILIATE_CONTINUE_KEYS.map((key) => [key, fillPlaceholders(overrides[key] ?? site.affiliateContinue[key], values)]),
  ) as AffiliateContinueCopy;
}
