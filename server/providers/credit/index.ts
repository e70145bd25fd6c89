import type { LenderRef } from "../../claims/extractClaims";
import { createSandboxCreditProvider } from "./sandbox";
import type { CreditProvider } from "./types";

/** Credit providers by the brand's credit_check_provider_id. A real bureau adapter adds an entry. */
export function createCreditProviders(options: { lenders: readonly LenderRef[] }): Map<string, CreditProvider> {
  const providers = [createSandboxCreditProvider({ lenders: options.lenders })];
  return new Map(providers.map((p) => [p.name, p]));
}
