import type { Queryable } from "../db/db";
import { ownedBy, ownerParams, type Owner } from "./claimRequests";

export interface IdentityVerificationRow {
  id: string;
  claim_request_id: string;
  provider: string;
  verification_id: string | null;
  decision: "ALLOW" | "CHALLENGE" | "BLOCK";
  message: string | null;
  otp_expires_at: Date | null;
  otp_attempts_remaining: number;
  otp_sends: number;
  otp_verified_at: Date | null;
  subject_hash: string | null;
  code_attempts: number;
  phone_hash: string | null;
  created_at: Date;
}

/** Wrong codes allowed per verification, in all: a new code does not give more guesses. */
export const OTP_ATTEMPTS = 3;
export const OTP_TTL_MINUTES = 10;
/** Identity verifications allowed per claim request, and per phone number, in 24 hours. */
export const VERIFICATIONS_PER_CLAIM_PER_DAY = 5;
export const VERIFICATIONS_PER_PHONE_PER_DAY = 5;

export async function insertVerification(
  db: Queryable,
  input: {
    claimRequestId: string;
    provider: string;
    verificationId: string | null;
    decision: IdentityVerificationRow["decision"];
    message: string | null;
    /** What was verified (server/identity/subjectHash.ts); a later change of details voids the verification. */
    subjectHash: string;
    phoneHash?: string | null;
  },
): Promise<IdentityVerificationRow> {
  const challenge = input.decision === "CHALLENGE";
  const { rows } = await db.query<IdentityVerificationRow>(
    `INSERT INTO identity_verifications (claim_request_id, provider, verification_id, decision, message, otp_expires_at, otp_attempts_remaining, otp_sends, subject_hash, phone_hash)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() + make_interval(mins => $7::int) END, $8, CASE WHEN $6::boolean THEN 1 ELSE 0 END, $9, $10)
     RETURNING *`,
    [
      input.claimRequestId,
      input.provider,
      input.verificationId,
      input.decision,
      input.message,
      challenge,
      OTP_TTL_MINUTES,
      OTP_ATTEMPTS,
      input.subjectHash,
      input.phoneHash ?? null,
    ],
  );
  return rows[0];
}

/** A verification by the provider's id, only when its claim request belongs to the caller. */
export async function findOwnedVerification(
  db: Queryable,
  verificationId: string,
  owner: Owner,
  lock = false,
): Promise<IdentityVerificationRow | null> {
  if (!owner.sessionHash && !owner.userId) return null;
  const { rows } = await db.query<IdentityVerificationRow>(
    `SELECT iv.* FROM identity_verifications iv JOIN claim_requests cr ON cr.id = iv.claim_request_id
     WHERE iv.verification_id = $1 AND ${ownedBy("cr", 2, 3, 4)}
     ${lock ? "FOR UPDATE OF iv" : ""}`,
    [verificationId, ...ownerParams(owner)],
  );
  return rows[0] ?? null;
}

/**
 * The newest verification a credit search may go on with: ALLOW, or a CHALLENGE whose code was verified, of
 * exactly the details the claim request holds now (subjectHash). A BLOCK never counts; nor does the newest
 * decision being a BLOCK after an earlier ALLOW.
 */
export async function latestUsableVerification(
  db: Queryable,
  claimRequestId: string,
  subjectHash: string,
  provider?: string,
): Promise<IdentityVerificationRow | null> {
  const { rows } = await db.query<IdentityVerificationRow>(
    `SELECT * FROM identity_verifications
     WHERE claim_request_id = $1 AND ($2::text IS NULL OR provider = $2) AND (decision <> 'CHALLENGE' OR otp_verified_at IS NOT NULL)
     ORDER BY created_at DESC LIMIT 1`,
    [claimRequestId, provider ?? null],
  );
  const row = rows[0];
  return row && row.verification_id && row.decision !== "BLOCK" && row.subject_hash === subjectHash ? row : null;
}

/**
 * Counts one code guess before it is checked, by a conditional update (so parallel guesses each count and
 * none slips past the cap): the guesses left after this one, or -1 when none were left (locked).
 */
export async function takeCodeAttempt(db: Queryable, id: string): Promise<number> {
  const { rows } = await db.query<{ code_attempts: number }>(
    "UPDATE identity_verifications SET code_attempts = code_attempts + 1 WHERE id = $1 RETURNING code_attempts",
    [id],
  );
  const used = rows[0]?.code_attempts ?? Number.MAX_SAFE_INTEGER;
  if (used > OTP_ATTEMPTS) return -1;
  await db.query("UPDATE identity_verifications SET otp_attempts_remaining = $2 WHERE id = $1", [id, OTP_ATTEMPTS - used]);
  return OTP_ATTEMPTS - used;
}

/**
 * How many verifications this claim request and this phone number had in the last day. Call inside a
 * transaction holding the claim request's row lock and the phone's advisory lock (lockPhone), then insert.
 */
export async function recentVerificationCounts(
  db: Queryable,
  claimRequestId: string,
  phoneHash: string | null,
): Promise<{ claim: number; phone: number }> {
  const { rows } = await db.query<{ claim: number; phone: number }>(
    `SELECT count(*) FILTER (WHERE claim_request_id = $1)::int AS claim, count(*) FILTER (WHERE $2::text IS NOT NULL AND phone_hash = $2)::int AS phone
     FROM identity_verifications WHERE created_at > now() - interval '1 day' AND (claim_request_id = $1 OR phone_hash = $2)`,
    [claimRequestId, phoneHash],
  );
  return rows[0] ?? { claim: 0, phone: 0 };
}

/** Serialises verifications for one phone number across claim requests (held to the end of the transaction). */
export async function lockPhone(tx: Queryable, phoneHash: string | null): Promise<void> {
  if (phoneHash) await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`phone:${phoneHash}`]);
}

export async function markCodeVerified(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE identity_verifications SET otp_verified_at = now() WHERE id = $1", [id]);
}

export async function renewCode(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE identity_verifications SET otp_expires_at = now() + make_interval(mins => $2::int), otp_sends = otp_sends + 1 WHERE id = $1`,
    [id, OTP_TTL_MINUTES],
  );
}
