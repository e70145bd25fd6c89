/** The claims-firm checks (eligibility windows, fees against the cap, the compliance profile), registered by the lint in one line each. */
import type { DefinitionKind } from "../files";
import type { Finding } from "../types";
import { checkEligibility } from "./check-eligibility";

/** Checks of one brand or company file on its own. */
export function complianceFileFindings(kind: DefinitionKind, data: unknown): Finding[] {
  return kind === "brand" || kind === "company" ? checkEligibility(data) : [];
}
