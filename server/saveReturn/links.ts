/**
 * Save and finish later: a random token mailed as a link back to one claim request in progress. Only its sha256
 * is stored, with the step the visitor left and a keyed hash of the address it went to (the per-email limit). A
 * link works once, until it expires (RETENTION_SAVE_RETURN_LINK_DAYS, default 7 days).
 */
import { hashToken, newToken } from "../auth/tokens";
import type { DataKeyring } from "../crypto/dataEncryption";
import { keyedHash } from "../crypto/keyedHash";
import type { Queryable } from "../db/db";

/** At most this many links mailed to one address per hour, whoever asks. */
export const SAVE_RETURN_MAILS_PER_EMAIL_PER_HOUR = 3;

const emailKey = (keyring: DataKeyring, email: string) => keyedHash(keyring, "save-return-email", email.trim().toLowerCase());

export async function recentLinksTo(db: Queryable, keyring: DataKeyring, email: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM save_return_links WHERE email_hash = $1 AND created_at > now() - interval '1 hour'",
    [emailKey(keyring, email)],
  );
  return rows[0]?.n ?? 0;
}

export async function createSaveReturnLink(
  db: Queryable,
  keyring: DataKeyring,
  input: { claimRequestId: string; step: string; email: string; days: number },
): Promise<string> {
  const token = newToken();
  await db.query("INSERT INTO save_return_links (token_hash, claim_request_id, step, email_hash, expires_at) VALUES ($1, $2, $3, $4, $5)", [
    hashToken(token),
    input.claimRequestId,
    input.step,
    emailKey(keyring, input.email),
    new Date(Date.now() + input.days * 24 * 60 * 60 * 1000),
  ]);
  return token;
}

export type SpentLink =
  | { ok: true; claimRequestId: string; step: string }
  | { ok: false; reason: "unknown" }
  | { ok: false; reason: "used" | "expired"; claimRequestId: string };

/**
 * Spends the link (of two concurrent uses only one wins): the claim request and step it opens, or why not (with the
 * claim request of a known link, whose language the refusal is shown in).
 */
export async function spendSaveReturnLink(db: Queryable, token: string): Promise<SpentLink> {
  const hash = hashToken(token);
  const { rows } = await db.query<{ claim_request_id: string; step: string }>(
    "UPDATE save_return_links SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING claim_request_id, step",
    [hash],
  );
  if (rows[0]) return { ok: true, claimRequestId: rows[0].claim_request_id, step: rows[0].step };
  const { rows: found } = await db.query<{ used: boolean; claim_request_id: string }>(
    "SELECT used_at IS NOT NULL AS used, claim_request_id FROM save_return_links WHERE token_hash = $1",
    [hash],
  );
  if (!found[0]) return { ok: false, reason: "unknown" };
  return { ok: false, reason: found[0].used ? "used" : "expired", claimRequestId: found[0].claim_request_id };
}
