/** The funnel a brand's visitors fill in: its form version names a funnel's version or path. */
import { findFunnelByPath } from "../../engine/routes";
import type { Brand, FunnelDefinition } from "../../schema/types";

export function brandFunnel(funnels: readonly FunnelDefinition[], brand: Pick<Brand, "formVersion">): FunnelDefinition | undefined {
  const version = brand.formVersion;
  if (!version) return undefined;
  return funnels.find((f) => f.version === version) ?? findFunnelByPath(funnels, version);
}
