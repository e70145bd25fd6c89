/**
 * The webhook signature. Each delivery carries
 *   X-Timestamp: <Unix seconds when this attempt was sent>
 *   X-Signature: <lower-case hex HMAC-SHA256 with CRM_WEBHOOK_SECRET of "<X-Timestamp>.<raw body>">
 * Signing the timestamp lets a receiver refuse a replayed delivery: it should
 * accept only a timestamp within REPLAY_WINDOW_SECONDS (5 minutes) of its own
 * clock, and drop repeats by Idempotency-Key within that window. Every retry is
 * signed afresh with its own timestamp.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-Signature";
export const TIMESTAMP_HEADER = "X-Timestamp";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAY_WINDOW_SECONDS = 300;

export function signBody(body: string | Buffer, secret: string, timestamp: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");
}

/** What a receiver does: check the timestamp is recent, recompute over the bytes received, compare in constant time. */
export function verifySignature(
  body: string | Buffer,
  secret: string,
  signature: string | undefined | null,
  timestamp: string | undefined | null,
  now = Date.now(),
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  if (!timestamp || !/^\d{9,11}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signBody(body, secret, timestamp), "hex");
  return timingSafeEqual(expected, Buffer.from(signature.trim().toLowerCase(), "hex"));
}
