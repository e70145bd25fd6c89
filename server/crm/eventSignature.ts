/**
 * Signatures on the CRM's events to us (POST /api/crm/events), the same scheme as our outgoing
 * webhook plus a timestamp so a captured request cannot be replayed later:
 *   X-Timestamp: <unix seconds>
 *   X-Signature: <lower-case hex HMAC-SHA256 of "<X-Timestamp>.<raw body>" with CRM_EVENTS_SECRET>
 */
import { timingSafeEqual } from "node:crypto";
import { signBody } from "../providers/crm/signature";

export const TIMESTAMP_HEADER = "X-Timestamp";
/** How far the sender's clock may be from ours, either way. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300;

export function signEvent(
  body: string | Buffer,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): { timestamp: string; signature: string } {
  const stamp = String(timestamp);
  return { timestamp: stamp, signature: signBody(body, secret, stamp) };
}

export type EventCheck = "ok" | "bad-signature" | "stale-timestamp";

export function verifyEvent(
  body: Buffer,
  secret: string,
  headers: { timestamp?: string | null; signature?: string | null },
  nowSeconds: number = Math.floor(Date.now() / 1000),
): EventCheck {
  const stamp = headers.timestamp?.trim() ?? "";
  if (!/^\d{1,12}$/.test(stamp)) return "bad-signature";
  const given = headers.signature?.trim().toLowerCase() ?? "";
  if (!/^[0-9a-f]{64}$/.test(given)) return "bad-signature";
  if (!timingSafeEqual(Buffer.from(signBody(body, secret, stamp), "hex"), Buffer.from(given, "hex"))) return "bad-signature";
  // Checked after the signature, so the answer says nothing about timing to someone without the secret.
  if (Math.abs(nowSeconds - Number(stamp)) > TIMESTAMP_TOLERANCE_SECONDS) return "stale-timestamp";
  return "ok";
}

/**
 * Outside production, without CRM_EVENTS_SECRET, events signed with this public secret are accepted (the sandbox CRM),
 * but only from requests the dev tools answer (server/http/devTools.ts).
 */
export const SANDBOX_CRM_EVENTS_SECRET = "sandbox-crm-events-secret-not-for-production";
