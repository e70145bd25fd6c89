/**
 * Signed-in sessions: an opaque cookie token, stored as its sha256, with an
 * absolute lifetime (SESSION_MAX_DAYS, default 7 days) and an idle timeout
 * (SESSION_IDLE_MINUTES, default 30): a session unused for longer ends. A
 * session may be scoped to one claim request (an affiliate link's), and then
 * reaches nothing else of the account.
 */
import type { Queryable } from "../db/db";
import type { UserRow } from "../store/users";
import { hashToken, newToken } from "./tokens";

export interface SessionSettings {
  idleMs: number;
  maxMs: number;
}

export const DEFAULT_SESSION_SETTINGS: SessionSettings = { idleMs: 30 * 60_000, maxMs: 7 * 24 * 60 * 60_000 };

/** last_seen_at is written at most this often, so every request is not a write. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Queryable,
  userId: string,
  settings: SessionSettings,
  options: { claimRequestId?: string | null } = {},
): Promise<string> {
  const token = newToken();
  await db.query("INSERT INTO sessions (token_hash, user_id, expires_at, claim_request_id) VALUES ($1, $2, $3, $4)", [
    hashToken(token),
    userId,
    new Date(Date.now() + settings.maxMs),
    options.claimRequestId ?? null,
  ]);
  return token;
}

export interface SessionUser {
  user: UserRow;
  /** The one claim request a scoped session may reach, else null. */
  scopeClaimRequestId: string | null;
}

export async function findSession(db: Queryable, token: string, settings: SessionSettings): Promise<SessionUser | null> {
  const hash = hashToken(token);
  const { rows } = await db.query<UserRow & { session_scope: string | null; session_seen: Date }>(
    `SELECT u.*, s.claim_request_id AS session_scope, s.last_seen_at AS session_seen FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $2::double precision)`,
    [hash, settings.idleMs / 1000],
  );
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - new Date(row.session_seen).getTime() > TOUCH_EVERY_MS) {
    await db.query("UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1", [hash]);
  }
  const { session_scope, session_seen: _seen, ...user } = row;
  return { user: user as UserRow, scopeClaimRequestId: session_scope };
}

export async function findSessionUser(db: Queryable, token: string, settings: SessionSettings): Promise<UserRow | null> {
  return (await findSession(db, token, settings))?.user ?? null;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE token_hash = $1 OR expires_at < now()", [hashToken(token)]);
}

/** Ends every session of a user (a password set or reset, "Sign out everywhere"), optionally keeping one. */
export async function deleteUserSessions(db: Queryable, userId: string, keepToken?: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2", [userId, keepToken ? hashToken(keepToken) : ""]);
}
