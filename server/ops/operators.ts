/**
 * Operator accounts (the /ops dashboard), apart from consumers: a password (hashed as consumers' are) and a TOTP
 * second factor (otplib, RFC 6238, 30-second steps, one step of drift either way, each step accepted once).
 * Sessions are random tokens kept as sha256. Every sign-in, refusal and report view is recorded in
 * operator_audit with the operator's id only.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import type { PasswordHasher } from "../auth/passwords";
import type { DataKeyring } from "../crypto/dataEncryption";
import { OPERATOR_TOTP_COLUMN } from "../crypto/sealedColumns";
import type { Queryable } from "../db/db";

export const OPERATOR_SESSION_MS = 8 * 60 * 60 * 1000;
export const MIN_OPERATOR_PASSWORD = 12;
const TOTP_ISSUER = "Claims funnel operations";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export async function createOperator(
  db: Queryable,
  deps: { passwords: PasswordHasher; keyring: DataKeyring },
  username: string,
  password: string,
): Promise<{ id: string; secret: string; uri: string }> {
  if (password.length < MIN_OPERATOR_PASSWORD) throw new Error(`The password must have at least ${MIN_OPERATOR_PASSWORD} characters`);
  const id = randomUUID();
  const secret = generateSecret();
  await db.query("INSERT INTO operators (id, username, password_hash, totp_secret_sealed) VALUES ($1, $2, $3, $4)", [
    id,
    username,
    await deps.passwords.hash(password),
    deps.keyring.encrypt(secret, OPERATOR_TOTP_COLUMN.context(id)),
  ]);
  return { id, secret, uri: generateURI({ issuer: TOTP_ISSUER, label: username, secret }) };
}

export type AuditAction = "sign_in" | "sign_in_refused" | "report_view" | "sign_out";

export async function audit(db: Queryable, operatorId: string | null, action: AuditAction, brandId?: string): Promise<void> {
  await db.query("INSERT INTO operator_audit (operator_id, action, brand_id) VALUES ($1, $2, $3)", [operatorId, action, brandId ?? null]);
}

/**
 * Checks username, password and code together (an unknown username costs a password hash all the same) and,
 * when all hold, starts a session: its token for the cookie. A code's time step is spent, so it cannot be replayed.
 */
export async function signInOperator(
  db: Queryable,
  deps: { passwords: PasswordHasher; keyring: DataKeyring },
  input: { username: string; password: string; code: string },
  now: Date,
): Promise<{ ok: true; token: string; operatorId: string } | { ok: false }> {
  const { rows } = await db.query<{ id: string; password_hash: string; totp_secret_sealed: string; last_totp_step: string | null }>(
    "SELECT id, password_hash, totp_secret_sealed, last_totp_step FROM operators WHERE username = $1",
    [input.username],
  );
  const operator = rows[0];
  const password = await deps.passwords.check(input.password, operator?.password_hash);
  if (!operator || !password.ok) {
    await audit(db, operator?.id ?? null, "sign_in_refused");
    return { ok: false };
  }
  const secret = deps.keyring.decryptString(operator.totp_secret_sealed, OPERATOR_TOTP_COLUMN.context(operator.id));
  const epoch = Math.floor(now.getTime() / 1000);
  const result = /^\d{6}$/.test(input.code)
    ? await verify({ secret, token: input.code, epoch, epochTolerance: 30 })
    : { valid: false as const };
  // The time step the code belongs to (the current one, or one either side).
  const step = result.valid ? Math.floor(epoch / 30) + result.delta : null;
  // Spent atomically: of two sign-ins with the same code, one wins.
  const spent =
    step !== null &&
    (
      await db.query(
        "UPDATE operators SET last_totp_step = $2 WHERE id = $1 AND (last_totp_step IS NULL OR last_totp_step < $2) RETURNING id",
        [operator.id, step],
      )
    ).rows.length === 1;
  if (!spent) {
    await audit(db, operator.id, "sign_in_refused");
    return { ok: false };
  }
  const token = randomBytes(32).toString("base64url");
  await db.query("INSERT INTO operator_sessions (token_hash, operator_id, expires_at) VALUES ($1, $2, $3)", [
    sha256(token),
    operator.id,
    new Date(now.getTime() + OPERATOR_SESSION_MS),
  ]);
  await audit(db, operator.id, "sign_in");
  return { ok: true, token, operatorId: operator.id };
}

/** The operator a session token belongs to, while it lasts. */
export async function operatorOfSession(db: Queryable, token: string | undefined, now: Date): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const { rows } = await db.query<{ operator_id: string }>(
    "SELECT operator_id FROM operator_sessions WHERE token_hash = $1 AND expires_at > $2",
    [sha256(token), now],
  );
  return rows[0]?.operator_id ?? null;
}

export async function endOperatorSession(db: Queryable, token: string): Promise<void> {
  await db.query("DELETE FROM operator_sessions WHERE token_hash = $1", [sha256(token)]);
}
