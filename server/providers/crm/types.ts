import type { OutboxHandler } from "../../outbox/worker";

/** The CRM the claim is handed to. create is idempotent by claim request id. */
export interface CrmClientInput {
  claimRequestId: string;
  claimReference: string;
  brandId: string;
  funnelVersion?: string;
  /** The claimant as stored, for providers that hand the client over (the webhook). */
  client?: CrmClientDetails;
}

/** The client as the funnel's CRM mapping builds it from the stored answers (server/crm/clientPayload.ts). */
export type CrmClientDetails = Record<string, unknown>;

/** A message for the outbox (server/outbox), stored in the same transaction as the client uuid. */
export interface CrmOutboxMessage {
  topic: string;
  idempotencyKey: string;
  body: string;
}

export class CrmProviderError extends Error {
  override name = "CrmProviderError";
}

/** The account a client's compensation is to be paid into, confirmed by the client. */
export interface PayoutAccountUpdate {
  clientUuid: string;
  claimRequestId: string;
  /** Distinguishes one confirmed change from another (the outbox drops a repeat of the same one). */
  changeId: string;
  account: { account_name: string; sort_code: string; account_number: string };
}

/** A signed letter of authority, as the CRM (and the lenders and solicitors it passes it to) acts on it. */
export interface LetterOfAuthoritySigned {
  clientUuid: string;
  claimRequestId: string;
  claimReference: string;
  signedAt: string;
  document: { filename: string; content_type: "application/pdf"; sha256: string; content_base64: string };
}

/** A client whose personal data was erased here: the CRM is told to erase its copy. */
export interface ClientErasure {
  clientUuid: string;
  claimRequestId: string;
}

export interface CrmProvider {
  readonly providerType: string;
  /** Creates the client, or returns the existing one for this claim request. */
  createClient(input: CrmClientInput): Promise<{ uuid: string; outbox?: CrmOutboxMessage[] }>;
  /** Messages that hand a changed payout account to the CRM (none for a CRM we cannot tell). */
  payoutAccountMessages?(update: PayoutAccountUpdate): CrmOutboxMessage[];
  /** Messages that hand the signed letter of authority's PDF to the CRM (none for a CRM we cannot tell). */
  letterOfAuthorityMessages?(signed: LetterOfAuthoritySigned): CrmOutboxMessage[];
  /** Messages that tell the CRM a client was erased, so it erases what it holds (none for a CRM we cannot tell). */
  erasureMessages?(erasure: ClientErasure): CrmOutboxMessage[];
  /** The sandbox's record of what it was sent, newest first (for tests and GET /api/dev/crm). */
  recorded?(claimRequestId?: string): CrmClientInput[];
  /** The sandbox's record of the events the outbox delivered to it, newest first (GET /api/dev/crm). */
  recordedEvents?(claimRequestId?: string): unknown[];
  /** Outbox handlers of the provider's own, by topic (the sandbox records its deliveries). */
  outboxHandlers?: Record<string, OutboxHandler>;
}
