/** The webhook signature: X-Signature is the lower-case hex HMAC-SHA256 of the raw request body with CRM_WEBHOOK_SECRET. */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-Signature";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export function signBody(body: string | Buffer, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** What a receiver does: recompute over the bytes received and compare in constant time. */
export function verifySignature(body: string | Buffer, secret: string, signature: string | undefined | null): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signBody(body, secret), "hex");
  return timingSafeEqual(expected, Buffer.from(signature.trim().toLowerCase(), "hex"));
}
