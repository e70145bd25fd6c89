/**
 * The webhook signature. Each delivery carries
 *   X-Timestamp: <Unix seconds when this attempt was sent>
 *   X-Signature: <lower-case hex HMAC-SHA256 with CRM_WEBHOOK_SECRET of "<X-Timestamp>.<raw body>">
 * Signing the timestamp lets a receiver refuse a replayed delivery: it should
 * accept only a timestamp within 5 minutes of its own
 * clock, and drop repeats by Idempotency-Key within that window. Every retry is
 * signed afresh with its own timestamp. What a receiver checks is written, from
 * this description alone, in testing/crmWebhookSignature.ts (the test receiver
 * uses it), so a signer that drifts from the contract fails there.
 */
import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "X-Signature";
export const TIMESTAMP_HEADER = "X-Timestamp";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export function signBody(body: string | Buffer, secret: string, timestamp: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");
}
