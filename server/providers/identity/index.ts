import type { HttpProviders } from "../http/provider";
import { createSandboxKbaProvider } from "./kbaSandbox";
import { createSandboxIdentityProvider } from "./sandbox";
import type { IdentityProvider, KbaProvider } from "./types";

/**
 * Identity providers (affiliate kind) by the brand's credit_check_provider_id: each http provider, and the sandbox
 * unless `sandbox` is false (production without ALLOW_SANDBOX: a sandbox that is not registered cannot be chosen).
 */
export function createIdentityProviders(
  http: readonly HttpProviders[] = [],
  options: { sandbox?: boolean } = {},
): Map<string, IdentityProvider> {
  const providers = [...(options.sandbox === false ? [] : [createSandboxIdentityProvider()]), ...http.map((p) => p.identity)];
  return new Map(providers.map((p) => [p.name, p]));
}

/** KBA providers by the brand's credit_check_provider_id; the sandbox as for identity providers. */
export function createKbaProviders(http: readonly HttpProviders[] = [], options: { sandbox?: boolean } = {}): Map<string, KbaProvider> {
  const providers = [...(options.sandbox === false ? [] : [createSandboxKbaProvider()]), ...http.map((p) => p.kba)];
  return new Map(providers.map((p) => [p.name, p]));
}
