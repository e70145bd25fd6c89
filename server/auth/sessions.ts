/** Signed-in sessions: an opaque cookie token, stored hashed, 30 days. */
import type { Queryable } from "../db/db";
import type { UserRow } from "../store/users";
import { hashToken, newToken } from "./tokens";

export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export async function createSession(db: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [
    hashToken(token),
    userId,
    new Date(Date.now() + SESSION_MS),
  ]);
  return token;
}

export async function findSessionUser(db: Queryable, token: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE token_hash = $1 OR expires_at < now()", [hashToken(token)]);
}

/** Ends every session of a user (after a password reset), optionally keeping one. */
export async function deleteUserSessions(db: Queryable, userId: string, keepToken?: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2", [userId, keepToken ? hashToken(keepToken) : ""]);
}
