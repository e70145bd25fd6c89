/** The claims-firm checks (eligibility windows, fees against the cap, the compliance profile), registered by the lint in one line each. */
import type { FileFinding, LoadedFile } from "../check-sets";
import type { DefinitionKind } from "../files";
import type { Finding } from "../types";
import { checkCopyRules } from "./check-copy-rules";
import { checkEligibility } from "./check-eligibility";
import { checkFees } from "./check-fees";
import { checkProfile } from "./check-profile";

/** Checks of one brand or company file on its own. */
export function complianceFileFindings(kind: DefinitionKind, data: unknown): Finding[] {
  return kind === "brand" || kind === "company" ? checkEligibility(data) : [];
}

/** Checks across files: fees against the shared fee cap, and the cmcob profile's copy rules and flow. */
export function complianceSetFindings(set: {
  brands: readonly LoadedFile[];
  companies: readonly LoadedFile[];
  contents: readonly LoadedFile[];
  funnels: readonly LoadedFile[];
}): FileFinding[] {
  return [
    ...checkFees(set.brands, set.companies, set.contents),
    ...checkCopyRules(set.brands, set.funnels, set.contents),
    ...checkProfile(set.brands, set.funnels),
  ];
}
