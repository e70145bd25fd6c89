import type { LenderRef } from "../../claims/extractClaims";
import type { HttpProviders } from "../http/provider";
import { createSandboxCreditProvider } from "./sandbox";
import type { CreditProvider } from "./types";

/** Credit providers by the brand's credit_check_provider_id: the sandbox, and each http-kind provider set in the environment. */
export function createCreditProviders(options: {
  lenders: readonly LenderRef[];
  http?: readonly HttpProviders[];
}): Map<string, CreditProvider> {
  const providers = [createSandboxCreditProvider({ lenders: options.lenders }), ...(options.http ?? []).map((p) => p.credit)];
  return new Map(providers.map((p) => [p.name, p]));
}
