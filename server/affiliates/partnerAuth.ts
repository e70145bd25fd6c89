/**
 * HMAC authentication of partner API requests. A partner signs each request
 * with its secret (the one in AFFILIATE_PARTNERS):
 *
 *   X-Partner-Id:        acme
 *   X-Partner-Timestamp: 1767225600              (Unix seconds)
 *   X-Partner-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<METHOD>.<path>.<raw body>")>
 *
 * A timestamp more than REPLAY_WINDOW_SECONDS away from the server's clock is
 * refused, so a captured request cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AffiliatePartner } from "../auth/affiliateLinks";

export const REPLAY_WINDOW_SECONDS = 300;

export function partnerSignature(secret: string, input: { timestamp: string; method: string; path: string; body: string }): string {
  return `v1=${createHmac("sha256", secret).update(`${input.timestamp}.${input.method.toUpperCase()}.${input.path}.${input.body}`).digest("hex")}`;
}

/** The partner that signed the request, or why not. */
export function authenticatePartner(
  partners: readonly AffiliatePartner[],
  headers: { id?: string; timestamp?: string; signature?: string },
  request: { method: string; path: string; body: string },
  now = Date.now(),
): { ok: true; partner: AffiliatePartner } | { ok: false; reason: string } {
  const partner = partners.find((p) => p.id === headers.id);
  if (!partner || !headers.timestamp || !headers.signature) return { ok: false, reason: "unknown partner or missing headers" };
  if (!/^\d{9,11}$/.test(headers.timestamp) || Math.abs(now / 1000 - Number(headers.timestamp)) > REPLAY_WINDOW_SECONDS) {
    return { ok: false, reason: "timestamp outside the replay window" };
  }
  const expected = Buffer.from(partnerSignature(partner.secret, { timestamp: headers.timestamp, ...request }));
  const given = Buffer.from(headers.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad signature" };
  return { ok: true, partner };
}
