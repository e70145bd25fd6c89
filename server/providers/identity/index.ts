import { createSandboxKbaProvider } from "./kbaSandbox";
import { createSandboxIdentityProvider } from "./sandbox";
import type { IdentityProvider, KbaProvider } from "./types";

/** Identity providers (affiliate kind) by the name in POST /api/credit-check/{provider}/verify-user. A real adapter adds an entry. */
export function createIdentityProviders(): Map<string, IdentityProvider> {
  const providers = [createSandboxIdentityProvider()];
  return new Map(providers.map((p) => [p.name, p]));
}

/** KBA providers by the brand's credit_check_provider_id. */
export function createKbaProviders(): Map<string, KbaProvider> {
  const providers = [createSandboxKbaProvider()];
  return new Map(providers.map((p) => [p.name, p]));
}
