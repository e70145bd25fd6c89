import type { HttpProviders } from "../http/provider";
import { createSandboxKbaProvider } from "./kbaSandbox";
import { createSandboxIdentityProvider } from "./sandbox";
import type { IdentityProvider, KbaProvider } from "./types";

/** Identity providers (affiliate kind) by the name in POST /api/credit-check/{provider}/verify-user (the brand's credit_check_provider_id). */
export function createIdentityProviders(http: readonly HttpProviders[] = []): Map<string, IdentityProvider> {
  const providers = [createSandboxIdentityProvider(), ...http.map((p) => p.identity)];
  return new Map(providers.map((p) => [p.name, p]));
}

/** KBA providers by the brand's credit_check_provider_id. */
export function createKbaProviders(http: readonly HttpProviders[] = []): Map<string, KbaProvider> {
  const providers = [createSandboxKbaProvider(), ...http.map((p) => p.kba)];
  return new Map(providers.map((p) => [p.name, p]));
}
