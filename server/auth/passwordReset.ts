/**
 * Forgotten passwords: a random token mailed as a link, stored only as its
 * sha256, usable once, expiring after RESET_TOKEN_MINUTES. Using it sets the
 * new password, spends every other outstanding token of the user and ends
 * every session of the user (the caller then signs this browser in afresh).
 */
import type { Queryable } from "../db/db";
import { hashToken, newToken } from "./tokens";

export const RESET_TOKEN_MINUTES = 30;
/** At most this many reset mails per account per hour, whoever asks. */
export const RESET_MAILS_PER_HOUR = 3;

export async function recentResetCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND created_at > now() - interval '1 hour'",
    [userId],
  );
  return rows[0]?.n ?? 0;
}

export async function createResetToken(db: Queryable, userId: string, minutes = RESET_TOKEN_MINUTES): Promise<string> {
  const token = newToken();
  await db.query("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [
    hashToken(token),
    userId,
    new Date(Date.now() + minutes * 60_000),
  ]);
  return token;
}

/** The user id the token is for, if it is unused and unexpired (without spending it). */
export async function peekResetToken(db: Queryable, token: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    "SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()",
    [hashToken(token)],
  );
  return rows[0]?.user_id ?? null;
}

/**
 * Spends the token (atomically: of two concurrent uses only one wins) and
 * every other token of the same user; returns the user id, or null.
 */
export async function spendResetToken(tx: Queryable, token: string): Promise<string | null> {
  const { rows } = await tx.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [hashToken(token)],
  );
  const userId = rows[0]?.user_id ?? null;
  if (userId) await tx.query("UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [userId]);
  return userId;
}
