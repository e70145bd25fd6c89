/**
 * Email ownership: a mailed link (and a 6-digit code in the same mail) proves
 * the account's owner reads that mailbox. Until then the account signs in only
 * in the browser that created it (its session), not from another device.
 * Reusable by any flow that needs an address confirmed: `issueEmailVerification`
 * mails one, `verifyEmailToken` / `verifyEmailCode` spend it.
 *
 * Tokens and codes are stored as sha256; a verification lasts 24 hours, a code
 * allows 5 guesses (counted by a conditional update, so parallel guesses all
 * count), and at most 3 are mailed per account per hour.
 */
import { createHash, randomInt } from "node:crypto";
import type { Queryable } from "../db/db";
import type { MailTransport } from "../mail/transport";
import { composeMail, type MailWording } from "../mail/composeMail";
import { hashToken, newToken } from "./tokens";

export const EMAIL_VERIFICATION_HOURS = 24;
export const EMAIL_CODE_ATTEMPTS = 5;
export const EMAIL_VERIFICATIONS_PER_HOUR = 3;

const hashCode = (verificationId: string, code: string) => createHash("sha256").update(`${verificationId}:${code}`).digest("hex");

/**
 * Mails a verification link (`<origin><path>?verify=<token>`) and code to the
 * user's address; false when the hourly cap was reached (nothing sent).
 */
export async function issueEmailVerification(
  deps: { db: Queryable; mail: MailTransport },
  input: { userId: string; email: string; brandName: string; wording: MailWording; origin: string; path?: string; redirect?: string },
): Promise<boolean> {
  const { rows: recent } = await deps.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM email_verifications WHERE user_id = $1 AND created_at > now() - interval '1 hour'",
    [input.userId],
  );
  if ((recent[0]?.n ?? 0) >= EMAIL_VERIFICATIONS_PER_HOUR) return false;
  const token = newToken();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const { rows } = await deps.db.query<{ id: string }>(
    `INSERT INTO email_verifications (user_id, token_hash, code_hash, expires_at) VALUES ($1, $2, '', now() + make_interval(hours => $3::int)) RETURNING id`,
    [input.userId, hashToken(token), EMAIL_VERIFICATION_HOURS],
  );
  await deps.db.query("UPDATE email_verifications SET code_hash = $2 WHERE id = $1", [rows[0].id, hashCode(rows[0].id, code)]);
  const query = new URLSearchParams({ verify: token, ...(input.redirect ? { redirect: input.redirect } : {}) });
  await deps.mail.send(
    composeMail(input.wording, "emailVerification", {
      to: input.email,
      brandName: input.brandName,
      values: { link: `${input.origin}${input.path ?? "/login"}?${query.toString()}`, code, hours: EMAIL_VERIFICATION_HOURS },
    }),
  );
  return true;
}

async function markVerified(db: Queryable, userId: string) {
  await db.query("UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1", [userId]);
  await db.query("UPDATE email_verifications SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [userId]);
}

/** Spends a mailed link's token for this user; true when it was theirs, unused and unexpired. */
export async function verifyEmailToken(db: Queryable, userId: string, token: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE email_verifications SET used_at = now()
     WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
    [hashToken(token), userId],
  );
  if (!rows.length) return false;
  await markVerified(db, userId);
  return true;
}

/** Checks a mailed code against the user's newest verification; every guess is counted before it is checked. */
export async function verifyEmailCode(db: Queryable, userId: string, code: string): Promise<"verified" | "wrong" | "locked" | "none"> {
  const { rows } = await db.query<{ id: string; code_hash: string; attempts: number }>(
    `UPDATE email_verifications SET attempts = attempts + 1
     WHERE id = (SELECT id FROM email_verifications WHERE user_id = $1 AND used_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 1)
     RETURNING id, code_hash, attempts`,
    [userId],
  );
  const row = rows[0];
  if (!row) return "none";
  if (row.attempts > EMAIL_CODE_ATTEMPTS) return "locked";
  if (hashCode(row.id, code) !== row.code_hash) return row.attempts >= EMAIL_CODE_ATTEMPTS ? "locked" : "wrong";
  await markVerified(db, userId);
  return "verified";
}

/** After a password reset: the mailbox was proven by the reset link. */
export const markEmailVerified = markVerified;
