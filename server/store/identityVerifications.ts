import type { Queryable } from "../db/db";
import type { Owner } from "./claimRequests";

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
  created_at: Date;
}

export const OTP_ATTEMPTS = 3;
export const OTP_TTL_MINUTES = 10;

export async function insertVerification(
  db: Queryable,
  input: { claimRequestId: string; provider: string; verificationId: string | null; decision: IdentityVerificationRow["decision"]; message: string | null },
): Promise<IdentityVerificationRow> {
  const challenge = input.decision === "CHALLENGE";
  const { rows } = await db.query<IdentityVerificationRow>(
    `INSERT INTO identity_verifications (claim_request_id, provider, verification_id, decision, message, otp_expires_at, otp_attempts_remaining, otp_sends)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() + make_interval(mins => $7::int) END, $8, CASE WHEN $6::boolean THEN 1 ELSE 0 END)
     RETURNING *`,
    [input.claimRequestId, input.provider, input.verificationId, input.decision, input.message, challenge, OTP_TTL_MINUTES, OTP_ATTEMPTS],
  );
  return rows[0];
}

/** A verification by the provider's id, only when its claim request belongs to the caller. */
export async function findOwnedVerification(db: Queryable, verificationId: string, owner: Owner, lock = false): Promise<IdentityVerificationRow | null> {
  if (!owner.sessionHash && !owner.userId) return null;
  const { rows } = await db.query<IdentityVerificationRow>(
    `SELECT iv.* FROM identity_verifications iv JOIN claim_requests cr ON cr.id = iv.claim_request_id
     WHERE iv.verification_id = $1 AND ((cr.user_id IS NULL AND cr.funnel_session_hash = $2) OR (cr.user_id IS NOT NULL AND cr.user_id = $3))
     ${lock ? "FOR UPDATE OF iv" : ""}`,
    [verificationId, owner.sessionHash ?? null, owner.userId ?? null],
  );
  return rows[0] ?? null;
}

/** The newest verification a credit search may go on with: ALLOW, BLOCK with an id, or a CHALLENGE whose code was verified. */
export async function latestUsableVerification(db: Queryable, claimRequestId: string): Promise<IdentityVerificationRow | null> {
  const { rows } = await db.query<IdentityVerificationRow>(
    `SELECT * FROM identity_verifications
     WHERE claim_request_id = $1 AND verification_id IS NOT NULL
       AND (decision IN ('ALLOW', 'BLOCK') OR otp_verified_at IS NOT NULL)
     ORDER BY created_at DESC LIMIT 1`,
    [claimRequestId],
  );
  return rows[0] ?? null;
}

export async function recordWrongCode(db: Queryable, id: string): Promise<number> {
  const { rows } = await db.query<{ otp_attempts_remaining: number }>(
    "UPDATE identity_verifications SET otp_attempts_remaining = GREATEST(otp_attempts_remaining - 1, 0) WHERE id = $1 RETURNING otp_attempts_remaining",
    [id],
  );
  return rows[0]?.otp_attempts_remaining ?? 0;
}

export async function markCodeVerified(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE identity_verifications SET otp_verified_at = now() WHERE id = $1", [id]);
}

export async function renewCode(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE identity_verifications SET otp_expires_at = now() + make_interval(mins => $2::int), otp_attempts_remaining = $3, otp_sends = otp_sends + 1 WHERE id = $1`,
    [id, OTP_TTL_MINUTES, OTP_ATTEMPTS],
  );
}
