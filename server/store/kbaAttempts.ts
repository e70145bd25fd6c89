/**
 * Knowledge-based identity checks: every attempt is stored with the details it
 * was answered for (a keyed hash). A pass of the current details is what lets a
 * KBA brand's credit search run. Failures in a day lock out further attempts for
 * that day, counted four ways so that starting again does not bring fresh
 * guesses: per claim request, per person (a new claim request for the same
 * name, date of birth and postcode), per browser session and per client address
 * (higher, as several people may share one).
 */
import type { Queryable } from "../db/db";

export const KBA_FAILURES_BEFORE_LOCKOUT = 3;
/** Failures in a day that lock out, by what they are counted for. */
export const KBA_FAILURE_LIMITS = { claimRequest: KBA_FAILURES_BEFORE_LOCKOUT, person: 3, session: 5, client: 10 } as const;
export type KbaAttemptStatus = "success" | "failure" | "manual-override" | "locked";

/** Who is answering, beyond the claim request: keyed hashes from server/identity/subjectHash.ts. */
export interface KbaAttemptKeys {
  person: string;
  /** The browser's funnel session (or the signed-in account); null when neither. */
  session: string | null;
  client: string | null;
}

export async function recordKbaAttempt(
  db: Queryable,
  claimRequestId: string,
  subjectHash: string,
  status: KbaAttemptStatus,
  keys: KbaAttemptKeys,
): Promise<void> {
  await db.query(
    "INSERT INTO kba_attempts (claim_request_id, subject_hash, status, person_hash, session_key, client_hash) VALUES ($1, $2, $3, $4, $5, $6)",
    [claimRequestId, subjectHash, status, keys.person, keys.session, keys.client],
  );
}

/**
 * Serialises attempts that share a person, session or client address (advisory locks, always taken in the same
 * order). Call inside the transaction that holds the claim request's row lock, before kbaLockedOut.
 */
export async function lockKbaKeys(tx: Queryable, keys: KbaAttemptKeys): Promise<void> {
  const names = [`kba-person:${keys.person}`, keys.session && `kba-session:${keys.session}`, keys.client && `kba-client:${keys.client}`];
  for (const name of names.filter((n): n is string => Boolean(n)).sort()) {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [name]);
  }
}

/**
 * Whether any count has reached its limit. The claim request's count includes refused ("locked") attempts, as it
 * always has; the others count only answers the provider judged wrong.
 */
export async function kbaLockedOut(db: Queryable, claimRequestId: string, keys: KbaAttemptKeys): Promise<boolean> {
  const { rows } = await db.query<{ claim: number; person: number; session: number; client: number }>(
    `SELECT count(*) FILTER (WHERE claim_request_id = $1 AND status IN ('failure', 'locked'))::int AS claim,
            count(*) FILTER (WHERE person_hash = $2 AND status = 'failure')::int AS person,
            count(*) FILTER (WHERE $3::text IS NOT NULL AND session_key = $3 AND status = 'failure')::int AS session,
            count(*) FILTER (WHERE $4::text IS NOT NULL AND client_hash = $4 AND status = 'failure')::int AS client
     FROM kba_attempts
     WHERE created_at > now() - interval '1 day' AND (claim_request_id = $1 OR person_hash = $2 OR session_key = $3 OR client_hash = $4)`,
    [claimRequestId, keys.person, keys.session, keys.client],
  );
  const counts = rows[0] ?? { claim: 0, person: 0, session: 0, client: 0 };
  return (
    counts.claim >= KBA_FAILURE_LIMITS.claimRequest ||
    counts.person >= KBA_FAILURE_LIMITS.person ||
    counts.session >= KBA_FAILURE_LIMITS.session ||
    counts.client >= KBA_FAILURE_LIMITS.client
  );
}

/** Whether the newest KBA outcome for the claim request is a pass of exactly these details. */
export async function hasKbaPass(db: Queryable, claimRequestId: string, subjectHash: string): Promise<boolean> {
  const { rows } = await db.query<{ status: KbaAttemptStatus; subject_hash: string }>(
    "SELECT status, subject_hash FROM kba_attempts WHERE claim_request_id = $1 AND status IN ('success', 'manual-override') ORDER BY created_at DESC LIMIT 1",
    [claimRequestId],
  );
  return rows[0]?.subject_hash === subjectHash;
}
