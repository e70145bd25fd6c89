/**
 * The columns held encrypted at rest with ctx.dataKeyring, each bound to its
 * row (the context names the table and the row, so a value copied to another
 * row does not decrypt). Key rotation (server/commands/rotateDataKey.ts) walks this
 * list, and the code that seals each column builds its context from here, so
 * the two cannot drift: add an entry when another column is encrypted.
 */
import { DataKeyring } from "./dataEncryption";

export interface SealedColumn {
  table: string;
  column: string;
  /** SQL naming each row uniquely as text: rotation pages by it and matches its update on it. */
  rowKey: string;
  /** The row's columns the context is built from, in the order `context` takes them. */
  contextColumns: readonly string[];
  context(...values: string[]): string;
}

export const SIGNATURE_COLUMN: SealedColumn = {
  table: "claim_requests",
  column: "signature",
  rowKey: "id::text",
  contextColumns: ["id"],
  context: (claimRequestId) => `claim_requests.signature:${claimRequestId}`,
};

/** The eligible motor-finance agreements a credit check found (the bureau's full report is not kept). */
export const CREDIT_AGREEMENTS_COLUMN: SealedColumn = {
  table: "credit_checks",
  column: "agreements_sealed",
  rowKey: "id::text",
  contextColumns: ["claim_request_id"],
  context: (claimRequestId) => `credit_check_agreements:${claimRequestId}`,
};

/** The bank account compensation is paid into. */
export const PAYOUT_ACCOUNT_COLUMN: SealedColumn = {
  table: "payout_accounts",
  column: "sealed",
  rowKey: "user_id::text",
  contextColumns: ["user_id"],
  context: (userId) => `payout_accounts:${userId}`,
};

/** A change (new email, new payout account) waiting for its mailed code. */
export const PENDING_CHANGE_COLUMN: SealedColumn = {
  table: "pending_confirmations",
  column: "sealed_change",
  rowKey: "id::text",
  contextColumns: ["user_id", "purpose"],
  context: (userId, purpose) => `pending_confirmations:${userId}:${purpose}`,
};

/** The answer a state-changing call gave, replayed to a retry with the same Idempotency-Key. */
export const IDEMPOTENT_ANSWER_COLUMN: SealedColumn = {
  table: "idempotency_keys",
  column: "response",
  // The primary key is (route, key); a JSON array names the pair without ambiguity.
  rowKey: "json_build_array(route, key)::text",
  contextColumns: ["route", "key"],
  context: (route, key) => `idempotency|${route}|${key}`,
};

/** The answers a funnel collects that have no column of their own, as JSON by field path (claims/answers.ts). */
export const ANSWERS_COLUMN: SealedColumn = {
  table: "claim_requests",
  column: "answers_sealed",
  rowKey: "id::text",
  contextColumns: ["id"],
  context: (claimRequestId) => `claim_requests.answers:${claimRequestId}`,
};

/** An operator's TOTP secret (server/ops/operators.ts). */
export const OPERATOR_TOTP_COLUMN: SealedColumn = {
  table: "operators",
  column: "totp_secret_sealed",
  rowKey: "id::text",
  contextColumns: ["id"],
  context: (operatorId) => `operators.totp_secret:${operatorId}`,
};

/** A PDF a claim request produced (the signed letter of authority, the summary document): documents/claimDocuments.ts. */
export const CLAIM_DOCUMENT_COLUMN: SealedColumn = {
  table: "claim_documents",
  column: "sealed",
  rowKey: "json_build_array(claim_request_id, kind)::text",
  contextColumns: ["claim_request_id", "kind"],
  context: (claimRequestId, kind) => `claim_documents:${claimRequestId}:${kind}`,
};

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  SIGNATURE_COLUMN,
  ANSWERS_COLUMN,
  CREDIT_AGREEMENTS_COLUMN,
  PAYOUT_ACCOUNT_COLUMN,
  PENDING_CHANGE_COLUMN,
  IDEMPOTENT_ANSWER_COLUMN,
  OPERATOR_TOTP_COLUMN,
  CLAIM_DOCUMENT_COLUMN,
];

/** A signature as stored: encrypted, bound to its claim request. */
export function sealSignature(keyring: DataKeyring, claimRequestId: string, signature: string): string {
  return keyring.encrypt(signature, SIGNATURE_COLUMN.context(claimRequestId));
}

/** The signature as the consumer gave it (a value stored before encryption was added is returned as it is). */
export function openSignature(keyring: DataKeyring, claimRequestId: string, stored: string | null): string | null {
  if (stored === null) return null;
  return DataKeyring.isSealed(stored) ? keyring.decryptString(stored, SIGNATURE_COLUMN.context(claimRequestId)) : stored;
}
