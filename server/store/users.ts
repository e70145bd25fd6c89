import type { Queryable } from "../db/db";

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  metadata: Record<string, unknown>;
  email_verified_at: Date | null;
  /** The language of the funnel the account began in, for its mails (language/consumerLanguage.ts); null is English. */
  language: string | null;
  created_at: Date;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>("SELECT * FROM users WHERE email = $1", [normaliseEmail(email)]);
  return rows[0] ?? null;
}

export async function insertUser(db: Queryable, input: { email: string; passwordHash: string; metadata: Record<string, unknown> }) {
  const { rows } = await db.query<UserRow>("INSERT INTO users (email, password_hash, metadata) VALUES ($1, $2, $3::jsonb) RETURNING *", [
    normaliseEmail(input.email),
    input.passwordHash,
    JSON.stringify(input.metadata),
  ]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>("SELECT * FROM users WHERE id = $1", [id]);
  return rows[0] ?? null;
}

/** Merges keys into the user's metadata (a null value removes the key). */
export async function updateUserMetadata(db: Queryable, userId: string, changes: Record<string, unknown>): Promise<void> {
  const removed = Object.keys(changes).filter((k) => changes[k] === null);
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null));
  await db.query("UPDATE users SET metadata = (metadata || $2::jsonb) - $3::text[] WHERE id = $1", [userId, JSON.stringify(set), removed]);
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [userId, passwordHash]);
}

/** A user created by an affiliate link has no password until they set one; this hash matches nothing. */
export const NO_PASSWORD = "none";
