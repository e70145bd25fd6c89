import type { CrmProvider } from "./types";
import { createSandboxCrmProvider } from "./sandbox";

/** CRM providers by the brand's crm_provider.provider_type. A real adapter (e.g. a signed webhook) adds an entry. */
export function createCrmProviders(): Map<string, CrmProvider> {
  const providers = [createSandboxCrmProvider()];
  return new Map(providers.map((p) => [p.providerType, p]));
}
