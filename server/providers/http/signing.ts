/**
 * Signing of the http provider contract (docs/openapi/providers.yaml), both ways:
 *
 *   request:  X-Timestamp: <unix seconds>   X-Request-Id: <uuid>
 *             X-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<request id>.<METHOD> <path>.<raw body>")>
 *   answer:   X-Timestamp: <unix seconds>   X-Request-Id: <the request's>
 *             X-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<request id>.<status>.<raw body>")>
 *
 * The request id binds an answer to its request, so an old answer cannot be replayed for another one; a timestamp
 * further than MAX_SKEW_SECONDS from now is refused both ways.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const MAX_SKEW_SECONDS = 300;
export const HEADERS = { timestamp: "x-timestamp", requestId: "x-request-id", signature: "x-signature" } as const;

function hmac(secret: string, base: string): string {
  return `v1=${createHmac("sha256", secret).update(base).digest("hex")}`;
}

export function requestBase(timestamp: string, requestId: string, method: string, path: string, body: string): string {
  return `${timestamp}.${requestId}.${method.toUpperCase()} ${path}.${body}`;
}

export function answerBase(timestamp: string, requestId: string, status: number, body: string): string {
  return `${timestamp}.${requestId}.${status}.${body}`;
}

export function sign(secret: string, base: string): string {
  return hmac(secret, base);
}

/** Constant-time check of a v1= signature and of the timestamp's freshness. */
export function verify(
  secret: string,
  base: string,
  timestamp: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature || !/^v1=[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, base));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function unixSeconds(now = Date.now()): string {
  return String(Math.floor(now / 1000));
}
