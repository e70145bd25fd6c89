/**
 * The v3 credit check's identity step for a real (http-kind) provider: before
 * the search, the provider decides ALLOW / CHALLENGE / BLOCK, and a CHALLENGE's
 * one-time code is checked by the provider. Answers take the shapes the
 * sandbox personas give (otp-required, verification-failed), so the screen
 * shows the same messages whichever provider answers.
 */
import type { Queryable } from "../db/db";
import type { IdentityProvider, IdentitySubject } from "../providers/identity/types";
import {
  insertVerification,
  latestUsableVerification,
  markCodeVerified,
  recentVerificationCounts,
  takeCodeAttempt,
  VERIFICATIONS_PER_CLAIM_PER_DAY,
  type IdentityVerificationRow,
} from "../store/identityVerifications";
import type { OtpCheck } from "../providers/credit/sandboxIdentity";

export type IdentityStep =
  | { go: true }
  | {
      go: false;
      answer:
        | { status: "otp-required"; verification_id: string }
        | { status: "verification-failed"; decision: "BLOCK" | null; message: string | null };
    };

export async function providerIdentityStep(
  db: Queryable,
  provider: IdentityProvider,
  claimRequestId: string,
  subject: IdentitySubject,
  /** The details being searched on (server/identity/subjectHash.ts): a verification of other details does not count. */
  subjectHash: string,
  onError: (error: unknown) => void,
): Promise<IdentityStep> {
  if (await latestUsableVerification(db, claimRequestId, subjectHash, provider.name)) return { go: true };
  const counts = await recentVerificationCounts(db, claimRequestId, null);
  if (counts.claim >= VERIFICATIONS_PER_CLAIM_PER_DAY)
    return { go: false, answer: { status: "verification-failed", decision: null, message: null } };
  let result;
  try {
    result = await provider.verifyUser(subject, null);
  } catch (error) {
    onError(error);
    return { go: false, answer: { status: "verification-failed", decision: null, message: null } };
  }
  // An earlier unverified code stops working once a new check starts.
  await db.query(
    "UPDATE identity_verifications SET otp_expires_at = now() - interval '1 second' WHERE claim_request_id = $1 AND provider = $2 AND otp_verified_at IS NULL",
    [claimRequestId, provider.name],
  );
  await insertVerification(db, {
    claimRequestId,
    provider: provider.name,
    verificationId: result.verificationId,
    decision: result.decision,
    message: result.message,
    subjectHash,
  });
  if (result.decision === "ALLOW" && result.verificationId) return { go: true };
  if (result.decision === "CHALLENGE" && result.verificationId)
    return { go: false, answer: { status: "otp-required", verification_id: result.verificationId } };
  return {
    go: false,
    answer: { status: "verification-failed", decision: result.decision === "BLOCK" ? "BLOCK" : null, message: result.message },
  };
}

/** Checks a CHALLENGE's code with the provider; attempts and expiry are kept here, as for every identity check. */
export async function checkProviderCode(
  db: Queryable,
  provider: IdentityProvider,
  claimRequestId: string,
  verificationId: string,
  code: string,
): Promise<OtpCheck> {
  const { rows } = await db.query<IdentityVerificationRow>(
    "SELECT * FROM identity_verifications WHERE verification_id = $1 AND claim_request_id = $2 AND provider = $3 AND decision = 'CHALLENGE'",
    [verificationId, claimRequestId, provider.name],
  );
  const entry = rows[0];
  const expired = !entry?.otp_expires_at || new Date(entry.otp_expires_at).getTime() < Date.now();
  if (!entry || entry.otp_verified_at || expired) return { ok: false, reason: "unknown", attemptsRemaining: 0 };
  // Counted before the provider is asked, by a conditional update: parallel guesses each count.
  const left = await takeCodeAttempt(db, entry.id);
  if (left < 0) return { ok: false, reason: "locked", attemptsRemaining: 0 };
  if (!(await provider.checkCode(verificationId, code))) {
    return { ok: false, reason: left > 0 ? "wrong" : "locked", attemptsRemaining: left };
  }
  await markCodeVerified(db, entry.id);
  return { ok: true };
}
