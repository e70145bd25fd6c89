/** The portal's stage names and "what happens next" texts as a brand shows them: the shared copy with the brand's overrides. */
import { CLAIM_STAGES, type ClaimStage } from "../../schema/content.schema";
import type { Brand, SiteContent } from "../../schema/types";
import { fillPlaceholders } from "../../engine/copy";

export interface StageCopy {
  label: string;
  next: string;
}

export function portalStagesFor(brand: Brand, site: SiteContent): Record<ClaimStage, StageCopy> {
  const overrides = (brand.portalStages ?? {}) as Partial<Record<ClaimStage, Partial<StageCopy>>>;
  const values = { brandName: brand.brandName, companyName: brand.companyName };
  return Object.fromEntries(
    CLAIM_STAGES.map((stage) => {
      const shared = site.portalStages[stage];
      const own = overrides[stage] ?? {};
      return [
        stage,
        { label: fillPlaceholders(own.label ?? shared.label, values), next: fillPlaceholders(own.next ?? shared.next, values) },
      ];
    }),
  ) as Record<ClaimStage, StageCopy>;
}
