/**
 * Which funnel and step an affiliate partner's link opens, read from the
 * definitions: a funnel declares `affiliateEntry` (its step), and a brand picks
 * one with `affiliateFormVersion` when more than one funnel declares it.
 */
import type { Brand, FunnelDefinition } from "../../schema/types";
import { evaluateCondition } from "../../engine/conditions";

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

/**
 * The page a link opens for a claim request recorded under this funnel version, for the claim's brand; null when that
 * funnel is no affiliate way in. It is the declared entry step, unless a step before it is for this brand (its
 * includeWhen holds for the brand before any answer is given, e.g. an identity step a KBA provider needs): the
 * first such step then comes first, and the visitor reaches the entry step through it.
 */
export function affiliateLandingFor(funnels: readonly FunnelDefinition[], funnelVersion: string, brand: Brand): string | null {
  const funnel = funnels.filter(isAffiliate).find((f) => f.version === funnelVersion);
  if (!funnel) return null;
  const entry = funnel.steps.findIndex((s) => s.id === funnel.affiliateEntry.step);
  const context = { data: {}, query: new URLSearchParams(), brand: brand as unknown as Record<string, unknown>, fields: funnel.fields };
  const before = funnel.steps.slice(0, Math.max(entry, 0)).find((s) => s.includeWhen && evaluateCondition(s.includeWhen, context));
  return `/claim/${funnel.routing.path}/${before?.id ?? funnel.affiliateEntry.step}`;
}
