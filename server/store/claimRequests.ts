/** claim_requests: create, update, and read only what the caller owns. */
import { randomUUID } from "node:crypto";
import { setPath, type FormData } from "../../engine/paths";
import type { Queryable } from "../db/db";
import type { Answers } from "../claims/answers";
import type { ClaimRequestChanges, StoredAddress } from "../claims/claimRequestColumns";
import { PATH_DEFAULTS } from "../../schema/contracts";
import { STORED_COLUMNS, STORED_FIELDS, type StoredColumnValues } from "../../schema/storedFields";

/** A claim request row: its stored-field columns (schema/storedFields.ts, the signature sealed) and its own. */
export interface ClaimRequestRow extends StoredColumnValues {
  id: string;
  claim_reference: string;
  brand_id: string;
  funnel_version: string;
  address: StoredAddress;
  /** The other answers, sealed (claims/answers.ts: openAnswers). */
  answers_sealed: string | null;
  crm_client_uuid: string | null;
  user_id: string | null;
  /** sha256 of the address a mailed code proved (auth/claimEmailProof.ts); counts only while it is still `email`. */
  email_proven_hash: string | null;
  /** The language the funnel was used in, for later mails (language/consumerLanguage.ts); null is English. */
  language: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Who is asking: the funnel-session cookie's hash and/or the signed-in user. */
export interface Owner {
  sessionHash?: string | null;
  userId?: string | null;
  /** A scoped session (an affiliate link's) reaches only this claim request. */
  scopeClaimRequestId?: string | null;
}

/**
 * The ownership condition on a claim request aliased `alias`, with the owner's values at $a, $b, $c
 * (funnel hash, user id, scope), for the tables that reach claim requests (credit checks, verifications).
 */
export const ownedBy = (alias: string, a: number, b: number, c: number) =>
  `((${alias}.user_id IS NULL AND ${alias}.funnel_session_hash = $${a}) OR (${alias}.user_id IS NOT NULL AND ${alias}.user_id = $${b} AND ($${c}::uuid IS NULL OR ${alias}.id = $${c}::uuid)))`;
export const ownerParams = (owner: Owner) => [owner.sessionHash ?? null, owner.userId ?? null, owner.scopeClaimRequestId ?? null];

const COLUMNS = [
  "id",
  "claim_reference",
  "brand_id",
  "funnel_version",
  ...STORED_COLUMNS,
  "address",
  "answers_sealed",
  "crm_client_uuid",
  "user_id",
  "email_proven_hash",
  "language",
  "created_at",
  "updated_at",
].join(", ");

/**
 * Before sign-up the funnel-session cookie owns a claim request; once it is
 * linked to an account only that signed-in user does.
 */
const OWNED = ownedBy("claim_requests", 2, 3, 4);

export async function findOwnedClaimRequest(db: Queryable, id: string, owner: Owner, lock = false): Promise<ClaimRequestRow | null> {
  if (!owner.sessionHash && !owner.userId) return null;
  const { rows } = await db.query<ClaimRequestRow>(
    `SELECT ${COLUMNS} FROM claim_requests WHERE id = $1 AND ${OWNED}${lock ? " FOR UPDATE" : ""}`,
    [id, ...ownerParams(owner)],
  );
  return rows[0] ?? null;
}

export async function insertClaimRequest(
  db: Queryable,
  input: {
    /** Chosen by the caller when a column is encrypted with the row id bound in. */
    id?: string;
    reference: string;
    sessionHash: string;
    brandId: string;
    funnelVersion: string;
    changes: ClaimRequestChanges;
    /** The answers without a column, already sealed (null when there are none). */
    answersSealed?: string | null;
    /** A signed-in user's new claim request belongs to their account from the start. */
    userId?: string | null;
    /** The visit's language, for later mails (null for English). */
    language?: string | null;
  },
): Promise<ClaimRequestRow> {
  const columns = Object.keys(input.changes.columns);
  const values = Object.values(input.changes.columns);
  const names = [
    "id",
    "claim_reference",
    "funnel_session_hash",
    "brand_id",
    "funnel_version",
    "address",
    "user_id",
    "answers_sealed",
    "language",
    ...columns,
  ];
  const params = [
    input.id ?? randomUUID(),
    input.reference,
    input.sessionHash,
    input.brandId,
    input.funnelVersion,
    JSON.stringify(input.changes.address),
    input.userId ?? null,
    input.answersSealed ?? null,
    input.language ?? null,
    ...values,
  ];
  const { rows } = await db.query<ClaimRequestRow>(
    `INSERT INTO claim_requests (${names.join(", ")}) VALUES (${params.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING ${COLUMNS}`,
    params,
  );
  return rows[0];
}

/**
 * `answersSealed` replaces the sealed answers when given (undefined leaves them as they are); so does `language`, the
 * visit's language (null for English).
 */
export async function updateClaimRequest(
  db: Queryable,
  id: string,
  changes: ClaimRequestChanges,
  answersSealed?: string | null,
  language?: string | null,
): Promise<ClaimRequestRow> {
  const entries: [string, unknown][] = Object.entries(changes.columns);
  if (answersSealed !== undefined) entries.push(["answers_sealed", answersSealed]);
  if (language !== undefined) entries.push(["language", language]);
  const sets = entries.map(([column], i) => `${column} = $${i + 3}`);
  const { rows } = await db.query<ClaimRequestRow>(
    `UPDATE claim_requests SET address = address || $2::jsonb, ${[...sets, "updated_at = now()"].join(", ")}
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, JSON.stringify(changes.address), ...entries.map(([, value]) => value)],
  );
  return rows[0];
}

export async function setCrmClientUuid(db: Queryable, id: string, uuid: string): Promise<void> {
  await db.query("UPDATE claim_requests SET crm_client_uuid = $2, updated_at = now() WHERE id = $1", [id, uuid]);
}

export async function linkClaimRequestToUser(db: Queryable, id: string, userId: string): Promise<void> {
  await db.query("UPDATE claim_requests SET user_id = $2, updated_at = now() WHERE id = $1", [id, userId]);
}

export async function listUserClaimRequests(db: Queryable, userId: string): Promise<ClaimRequestRow[]> {
  const { rows } = await db.query<ClaimRequestRow>(`SELECT ${COLUMNS} FROM claim_requests WHERE user_id = $1 ORDER BY created_at DESC`, [
    userId,
  ]);
  return rows;
}

/**
 * The stored claim request as funnel form data, so a later step's submission is checked against
 * the whole claim: its columns at their fields' paths, the address under the funnel's address group
 * (default `address`), and the opened answers (claims/answers.ts) at their paths.
 */
export function toFormData(row: ClaimRequestRow, answers: Answers = {}, addressGroup: string = PATH_DEFAULTS.addressGroup): FormData {
  let data: FormData = setPath({}, addressGroup, { ...row.address });
  for (const { path, column } of STORED_FIELDS) {
    const value = row[column];
    if (value !== null && value !== undefined) data = setPath(data, path, value);
  }
  for (const [path, value] of Object.entries(answers)) data = setPath(data, path, value);
  return data;
}

/**
 * Claim requests this browser started (its funnel-session cookie) that no
 * account holds yet and whose email is the account's, joined to the account.
 * Called on sign-in: an existing user sent to log in gets their new claim.
 */
export async function attachOwnedClaimRequests(
  db: Queryable,
  input: { userId: string; email: string; sessionHash: string },
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE claim_requests SET user_id = $1, updated_at = now()
     WHERE user_id IS NULL AND funnel_session_hash = $3 AND lower(trim(email)) = $2 RETURNING id`,
    [input.userId, input.email.trim().toLowerCase(), input.sessionHash],
  );
  return rows.map((r) => r.id);
}

/** Those of the claim requests that are signed but have no letter of authority stored yet (its build is still queued). */
export async function findSignedWithoutLetter(db: Queryable, ids: readonly string[]): Promise<ClaimRequestRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ClaimRequestRow>(
    `SELECT ${COLUMNS} FROM claim_requests c WHERE id = ANY($1::uuid[]) AND signature IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM claim_documents d WHERE d.claim_request_id = c.id AND d.kind = 'letter-of-authority')`,
    [ids],
  );
  return rows;
}

/** A claim request by id, whoever holds it: for the server's own decisions (affiliate links), never returned to a caller unchecked. */
export async function findClaimRequestById(db: Queryable, id: string): Promise<ClaimRequestRow | null> {
  const { rows } = await db.query<ClaimRequestRow>(`SELECT ${COLUMNS} FROM claim_requests WHERE id = $1`, [id]);
  return rows[0] ?? null;
}
