/**
 * provider_type "webhook": the CRM learns of each client from a signed HTTPS
 * POST. createClient mints the client uuid here (deterministic per claim
 * request) and returns the "client.created" event for the outbox; the outbox
 * worker delivers it with deliverWebhook, retrying until the receiver answers 2xx.
 *
 * Request: POST CRM_WEBHOOK_URL, Content-Type: application/json, body as in
 * server/providers/README.md, headers
 *   Idempotency-Key: <event id>           (the same on every retry; receivers drop repeats)
 *   X-Timestamp: <Unix seconds when this attempt was sent>
 *   X-Signature: <hex HMAC-SHA256 of "<X-Timestamp>.<raw body>" with CRM_WEBHOOK_SECRET>
 *                (receivers refuse timestamps more than 5 minutes off: see signature.ts)
 *   X-Event-Type: client.created (or client.payout_account_updated, when the client confirms a payout account;
 *                 client.erased, when the client's personal data is erased here)
 *   X-Delivery-Attempt: <1, 2, …>
 */
import { IDEMPOTENCY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signBody } from "./signature";
import {
  CrmProviderError,
  type ClientErasure,
  type CrmClientInput,
  type CrmProvider,
  type LetterOfAuthoritySigned,
  type PayoutAccountUpdate,
} from "./types";
import { uuidFrom } from "./uuid";

export const CRM_WEBHOOK_TOPIC = "crm.webhook";
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookOptions {
  url: string;
  secret: string;
  timeoutMs?: number;
  now?: () => Date;
}

export interface ClientCreatedEvent {
  id: string;
  type: "client.created";
  created_at: string;
  data: {
    client_uuid: string;
    claim_request_id: string;
    claim_reference: string;
    brand_id: string;
    funnel_version: string | null;
    client: CrmClientInput["client"] | null;
  };
}

export function webhookClientUuid(claimRequestId: string): string {
  return uuidFrom(`webhook-crm|client|${claimRequestId}`);
}

export function clientCreatedEvent(input: CrmClientInput, createdAt: Date): ClientCreatedEvent {
  return {
    id: uuidFrom(`webhook-crm|client.created|${input.claimRequestId}`),
    type: "client.created",
    created_at: createdAt.toISOString(),
    data: {
      client_uuid: webhookClientUuid(input.claimRequestId),
      claim_request_id: input.claimRequestId,
      claim_reference: input.claimReference,
      brand_id: input.brandId,
      funnel_version: input.funnelVersion ?? null,
      client: input.client ?? null,
    },
  };
}

/** The client chose (or changed) the account their compensation is paid into. */
export interface PayoutAccountUpdatedEvent {
  id: string;
  type: "client.payout_account_updated";
  created_at: string;
  data: { client_uuid: string; claim_request_id: string; payout_account: PayoutAccountUpdate["account"] };
}

export function payoutAccountUpdatedEvent(update: PayoutAccountUpdate, createdAt: Date): PayoutAccountUpdatedEvent {
  return {
    id: uuidFrom(`webhook-crm|client.payout_account_updated|${update.claimRequestId}|${update.changeId}`),
    type: "client.payout_account_updated",
    created_at: createdAt.toISOString(),
    data: { client_uuid: update.clientUuid, claim_request_id: update.claimRequestId, payout_account: update.account },
  };
}

/** One per signing: a repeat (the signature step submitted again unchanged) is dropped by the outbox's idempotency key. */
export function letterOfAuthoritySignedEvent(signed: LetterOfAuthoritySigned, createdAt: Date) {
  return {
    id: uuidFrom(`webhook-crm|client.letter_of_authority_signed|${signed.claimRequestId}|${signed.signedAt}`),
    type: "client.letter_of_authority_signed" as const,
    created_at: createdAt.toISOString(),
    data: {
      client_uuid: signed.clientUuid,
      claim_request_id: signed.claimRequestId,
      claim_reference: signed.claimReference,
      signed_at: signed.signedAt,
      document: signed.document,
    },
  };
}

/**
 * The client's personal data was erased here (at their request, or by an operator): the CRM erases its copy too.
 * It carries ids only, never the details it asks to be erased.
 */
export interface ClientErasedEvent {
  id: string;
  type: "client.erased";
  created_at: string;
  data: { client_uuid: string; claim_request_id: string };
}

export function clientErasedEvent(erasure: ClientErasure, createdAt: Date): ClientErasedEvent {
  return {
    id: uuidFrom(`webhook-crm|client.erased|${erasure.claimRequestId}`),
    type: "client.erased",
    created_at: createdAt.toISOString(),
    data: { client_uuid: erasure.clientUuid, claim_request_id: erasure.claimRequestId },
  };
}

export function createWebhookCrmProvider(options: WebhookOptions): CrmProvider {
  const now = options.now ?? (() => new Date());
  return {
    providerType: "webhook",
    async createClient(input) {
      const event = clientCreatedEvent(input, now());
      return {
        uuid: event.data.client_uuid,
        outbox: [{ topic: CRM_WEBHOOK_TOPIC, idempotencyKey: event.id, body: JSON.stringify(event) }],
      };
    },
    payoutAccountMessages(update) {
      const event = payoutAccountUpdatedEvent(update, now());
      return [{ topic: CRM_WEBHOOK_TOPIC, idempotencyKey: event.id, body: JSON.stringify(event) }];
    },
    letterOfAuthorityMessages(signed) {
      const event = letterOfAuthoritySignedEvent(signed, now());
      return [{ topic: CRM_WEBHOOK_TOPIC, idempotencyKey: event.id, body: JSON.stringify(event) }];
    },
    erasureMessages(erasure) {
      const event = clientErasedEvent(erasure, now());
      return [{ topic: CRM_WEBHOOK_TOPIC, idempotencyKey: event.id, body: JSON.stringify(event) }];
    },
  };
}

/** The event's type for the X-Event-Type header, read from the body we stored. */
function eventTypeOf(body: string): string {
  try {
    const type = (JSON.parse(body) as { type?: unknown }).type;
    return typeof type === "string" ? type : "client.created";
  } catch {
    return "client.created";
  }
}

/** The outbox handler: one signed POST; resolves on 2xx, throws CrmProviderError otherwise (the outbox retries). */
export function createWebhookDelivery(options: WebhookOptions) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  return async (message: { idempotency_key: string; body: string; attempts: number }, signal: AbortSignal): Promise<void> => {
    let response: Response;
    const timestamp = String(Math.floor((options.now?.() ?? new Date()).getTime() / 1000));
    try {
      response = await fetch(options.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [IDEMPOTENCY_HEADER]: message.idempotency_key,
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signBody(message.body, options.secret, timestamp),
          "x-event-type": eventTypeOf(message.body),
          "x-delivery-attempt": String(message.attempts),
          "user-agent": "claim-funnels-webhook/1",
        },
        body: message.body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        redirect: "error",
      });
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === "TimeoutError") throw new CrmProviderError(`CRM webhook: no answer within ${timeoutMs} ms`);
      if (name === "AbortError") throw new CrmProviderError("CRM webhook: stopped before an answer");
      const cause = (error as { cause?: { code?: string } })?.cause?.code ?? "network error";
      throw new CrmProviderError(`CRM webhook: request failed (${cause})`);
    }
    // Drain the body so the connection can be reused; its content is not needed.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status < 200 || response.status > 299) throw new CrmProviderError(`CRM webhook: HTTP ${response.status}`);
  };
}
