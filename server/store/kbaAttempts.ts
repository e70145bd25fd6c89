/**
 * Knowledge-based identity checks: every attempt is stored with the details it
 * was answered for (a keyed hash). A pass of the current details is what lets a
 * KBA brand's credit search run; KBA_FAILURES_BEFORE_LOCKOUT failures in a day
 * lock the claim request out of further attempts for that day.
 */
import type { Queryable } from "../db/db";

export const KBA_FAILURES_BEFORE_LOCKOUT = 3;
export type KbaAttemptStatus = "success" | "failure" | "manual-override" | "locked";

export async function recordKbaAttempt(
  db: Queryable,
  claimRequestId: string,
  subjectHash: string,
  status: KbaAttemptStatus,
): Promise<void> {
  await db.query("INSERT INTO kba_attempts (claim_request_id, subject_hash, status) VALUES ($1, $2, $3)", [
    claimRequestId,
    subjectHash,
    status,
  ]);
}

/** Call under the claim request's row lock, so parallel attempts are counted one after another. */
export async function kbaLockedOut(db: Queryable, claimRequestId: string): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM kba_attempts WHERE claim_request_id = $1 AND status IN ('failure', 'locked') AND created_at > now() - interval '1 day'",
    [claimRequestId],
  );
  return (rows[0]?.n ?? 0) >= KBA_FAILURES_BEFORE_LOCKOUT;
}

/** Whether the newest KBA outcome for the claim request is a pass of exactly these details. */
export async function hasKbaPass(db: Queryable, claimRequestId: string, subjectHash: string): Promise<boolean> {
  const { rows } = await db.query<{ status: KbaAttemptStatus; subject_hash: string }>(
    "SELECT status, subject_hash FROM kba_attempts WHERE claim_request_id = $1 AND status IN ('success', 'manual-override') ORDER BY created_at DESC LIMIT 1",
    [claimRequestId],
  );
  return rows[0]?.subject_hash === subjectHash;
}
