import type { LenderRef } from "../../claims/extractClaims";
import type { HttpProviders } from "../http/provider";
import { createSandboxCreditProvider } from "./sandbox";
import type { CreditProvider } from "./types";

/**
 * Credit providers by the brand's credit_check_provider_id: each http-kind provider set in the environment, and the
 * sandbox unless `sandbox` is false (production without ALLOW_SANDBOX).
 */
export function createCreditProviders(options: {
  lenders: readonly LenderRef[];
  http?: readonly HttpProviders[];
  sandbox?: boolean;
}): Map<string, CreditProvider> {
  const sandbox = options.sandbox === false ? [] : [createSandboxCreditProvider({ lenders: options.lenders })];
  const providers = [...sandbox, ...(options.http ?? []).map((p) => p.credit)];
  return new Map(providers.map((p) => [p.name, p]));
}
