import type { Queryable } from "../db/db";

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  metadata: Record<string, unknown>;
  created_at: Date;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>("SELECT * FROM users WHERE email = $1", [normaliseEmail(email)]);
  return rows[0] ?? null;
}

export async function insertUser(db: Queryable, input: { email: string; passwordHash: string; metadata: Record<string, unknown> }) {
  const { rows } = await db.query<UserRow>(
    "INSERT INTO users (email, password_hash, metadata) VALUES ($1, $2, $3::jsonb) RETURNING *",
    [normaliseEmail(input.email), input.passwordHash, JSON.stringify(input.metadata)],
  );
  return rows[0];
}
