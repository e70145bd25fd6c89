/** What the claims-firm checks share: the shared content's compliance rules, and whether a definition declares the profile. */
import { asArray, asObject } from "../loose";
import type { LoadedFile } from "../check-sets";

/** The first shared content file's `compliance` section (a definitions folder has one content/site.json). */
export function complianceRules(contents: readonly LoadedFile[]): Record<string, unknown> | undefined {
  for (const { data } of contents) {
    const section = asObject(data).compliance;
    if (section && typeof section === "object") return section as Record<string, unknown>;
  }
  return undefined;
}

export function declaresCmcob(definition: unknown): boolean {
  return asArray(asObject(definition).compliance).includes("cmcob");
}
