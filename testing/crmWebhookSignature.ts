/**
 * What a CRM receiving the signed webhook checks (the contract in server/providers/crm/signature.ts and
 * docs/openapi): the timestamp is within five minutes of its own clock, and X-Signature is the hex HMAC-SHA256,
 * with the shared secret, of "<X-Timestamp>.<raw body>", compared in constant time. Written here from the
 * contract rather than by calling the server's signer, so a signer that drifts from the contract fails the tests.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const REPLAY_WINDOW_SECONDS = 300;

export function verifySignature(
  body: string | Buffer,
  secret: string,
  signature: string | undefined | null,
  timestamp: string | undefined | null,
  now = Date.now(),
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  if (!timestamp || !/^\d{9,11}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature.trim().toLowerCase(), "hex"));
}
