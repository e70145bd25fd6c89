/**
 * Which funnel and step an affiliate partner's link opens, read from the
 * definitions: a funnel declares `affiliateEntry` (its step), and a brand picks
 * one with `affiliateFormVersion` when more than one funnel declares it.
 */
import type { Brand, FunnelDefinition } from "../../schema/types";

export type AffiliateFunnel = FunnelDefinition & { affiliateEntry: NonNullable<FunnelDefinition["affiliateEntry"]> };

const isAffiliate = (funnel: FunnelDefinition): funnel is AffiliateFunnel => Boolean(funnel.affiliateEntry);

/** The affiliate funnel a partner claim for this brand runs, or why there is none. */
export function affiliateFunnelFor(
  funnels: readonly FunnelDefinition[],
  brand: Pick<Brand, "brandId" | "affiliateFormVersion">,
): { ok: true; funnel: AffiliateFunnel } | { ok: false; reason: string } {
  const candidates = funnels.filter(isAffiliate);
  if (brand.affiliateFormVersion) {
    const named = candidates.find((f) => f.version === brand.affiliateFormVersion);
    return named ? { ok: true, funnel: named } : { ok: false, reason: `Brand '${brand.brandId}' names no funnel with an affiliate entry` };
  }
  if (candidates.length === 1) return { ok: true, funnel: candidates[0] };
  return {
    ok: false,
    reason:
      candidates.length === 0
        ? "No funnel has an affiliate entry"
        : `Brand '${brand.brandId}' must name its affiliate funnel (affiliateFormVersion)`,
  };
}

/** The page a link opens for a claim request recorded under this funnel version; null when that funnel is no affiliate way in. */
export function affiliateLandingFor(funnels: readonly FunnelDefinition[], funnelVersion: string): string | null {
  const funnel = funnels.filter(isAffiliate).find((f) => f.version === funnelVersion);
  return funnel ? `/claim/${funnel.routing.path}/${funnel.affiliateEntry.step}` : null;
}
