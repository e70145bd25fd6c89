/**
 * HMAC authentication of partner API requests. A partner signs each request
 * with its secret (the one in AFFILIATE_PARTNERS):
 *
 *   X-Partner-Id:        acme
 *   X-Partner-Timestamp: 1767225600              (Unix seconds)
 *   X-Partner-Nonce:     3q2X…                    (16-64 of A-Z a-z 0-9 _ -, new for every request)
 *   X-Partner-Signature: v2=<hex HMAC-SHA256(secret, "<timestamp>.<nonce>.<METHOD>.<path>.<raw body>")>
 *
 * A timestamp more than REPLAY_WINDOW_SECONDS away from the server's clock is
 * refused, and within the window the route remembers each nonce
 * (store/partnerNonces.ts), so a captured request cannot be replayed at all.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { AffiliatePartner } from "../auth/affiliateLinks";

export const REPLAY_WINDOW_SECONDS = 300;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

export function partnerSignature(
  secret: string,
  input: { timestamp: string; nonce: string; method: string; path: string; body: string },
): string {
  const signed = `${input.timestamp}.${input.nonce}.${input.method.toUpperCase()}.${input.path}.${input.body}`;
  return `v2=${createHmac("sha256", secret).update(signed).digest("hex")}`;
}

/** A fresh nonce for a request (what a partner's client sends). */
export function newPartnerNonce(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * The partner that signed the request, or why not. The caller must still remember the nonce until `nonceExpiresAt`
 * and refuse the request when it was seen before.
 */
export function authenticatePartner(
  partners: readonly AffiliatePartner[],
  headers: { id?: string; timestamp?: string; nonce?: string; signature?: string },
  request: { method: string; path: string; body: string },
  now = Date.now(),
): { ok: true; partner: AffiliatePartner; nonce: string; nonceExpiresAt: Date } | { ok: false; reason: string } {
  const partner = partners.find((p) => p.id === headers.id);
  if (!partner || !headers.timestamp || !headers.signature) return { ok: false, reason: "unknown partner or missing headers" };
  if (!headers.nonce || !NONCE.test(headers.nonce)) return { ok: false, reason: "missing or malformed nonce" };
  if (!/^\d{9,11}$/.test(headers.timestamp) || Math.abs(now / 1000 - Number(headers.timestamp)) > REPLAY_WINDOW_SECONDS) {
    return { ok: false, reason: "timestamp outside the replay window" };
  }
  const expected = Buffer.from(partnerSignature(partner.secret, { timestamp: headers.timestamp, nonce: headers.nonce, ...request }));
  const given = Buffer.from(headers.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad signature" };
  return { ok: true, partner, nonce: headers.nonce, nonceExpiresAt: new Date((Number(headers.timestamp) + REPLAY_WINDOW_SECONDS) * 1000) };
}
