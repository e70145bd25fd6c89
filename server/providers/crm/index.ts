import type { OutboxHandler } from "../../outbox/worker";
import type { CrmProvider } from "./types";
import { createNoCrmProvider } from "./none";
import { createSandboxCrmProvider } from "./sandbox";
import { createWebhookCrmProvider, createWebhookDelivery, CRM_WEBHOOK_TOPIC, type WebhookOptions } from "./webhook";

export interface CrmSettings {
  /** CRM_WEBHOOK_URL / _SECRET / _TIMEOUT_MS; without them there is no "webhook" provider. */
  webhook?: WebhookOptions;
}

/** CRM providers by the brand's crm_provider.provider_type (or CRM_PROVIDER). A new adapter adds an entry. */
export function createCrmProviders(settings: CrmSettings = {}): Map<string, CrmProvider> {
  const providers = [
    createSandboxCrmProvider(),
    createNoCrmProvider(),
    ...(settings.webhook ? [createWebhookCrmProvider(settings.webhook)] : []),
  ];
  return new Map(providers.map((p) => [p.providerType, p]));
}

/** The outbox handlers the CRM providers need, by topic (server/outbox/worker.ts). */
export function crmOutboxHandlers(settings: CrmSettings = {}, providers?: Map<string, CrmProvider>): Record<string, OutboxHandler> {
  return {
    ...Object.assign({}, ...[...(providers?.values() ?? [])].map((p) => p.outboxHandlers ?? {})),
    ...(settings.webhook ? { [CRM_WEBHOOK_TOPIC]: createWebhookDelivery(settings.webhook) } : {}),
  };
}
