/**
 * The sandbox's identity step and report faults for the v3 credit-check
 * screen, chosen by surname (any case) like the bureau personas:
 *
 *  Otp          → the run first answers otp-required; code 123456 verifies, then the run succeeds
 *  Otpretry     → as Otp, but the run after a verified code fails (503)
 *  Verifyfail   → the identity check fails without a decision
 *  Blocked      → decision BLOCK with the message "Identity could not be confirmed"
 *  Unverified   → decision BLOCK with no message
 *  Reportfail   → the run succeeds but fetching the stored report answers 502
 *  Garbled      → the run succeeds but the stored report cannot be read (credit_report null)
 *
 * One-time codes are stored in identity_verifications, like the affiliate
 * provider's, with the same expiry and attempt limits.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../../db/db";
import { insertVerification, markCodeVerified, takeCodeAttempt, type IdentityVerificationRow } from "../../store/identityVerifications";

export const SANDBOX_OTP_CODE = "123456";
export { OTP_ATTEMPTS as OTP_MAX_ATTEMPTS } from "../../store/identityVerifications";

export type IdentityPersona =
  | { kind: "otp"; failAfterVerify: boolean }
  | { kind: "verification"; decision: "BLOCK" | null; message: string | null }
  | { kind: "report"; fault: "fetch" | "unreadable" }
  | null;

export function identityPersona(lastName: string | null | undefined): IdentityPersona {
  switch ((lastName ?? "").trim().toLowerCase()) {
    case "otp":
      return { kind: "otp", failAfterVerify: false };
    case "otpretry":
      return { kind: "otp", failAfterVerify: true };
    case "verifyfail":
      return { kind: "verification", decision: null, message: null };
    case "blocked":
      return { kind: "verification", decision: "BLOCK", message: "Identity could not be confirmed" };
    case "unverified":
      return { kind: "verification", decision: "BLOCK", message: null };
    case "reportfail":
      return { kind: "report", fault: "fetch" };
    case "garbled":
      return { kind: "report", fault: "unreadable" };
    default:
      return null;
  }
}

export type OtpCheck = { ok: true } | { ok: false; reason: "unknown" | "wrong" | "locked"; attemptsRemaining: number };

/** Stored like every other identity check, so codes survive a restart and work across app instances. */
const PROVIDER = "sandbox-credit";

/** The sandbox's one-time codes for the v3 credit check, per claim request, in identity_verifications. */
export function createSandboxVerifications(db: Queryable) {
  return {
    async isVerified(claimRequestId: string): Promise<boolean> {
      const { rows } = await db.query(
        "SELECT 1 FROM identity_verifications WHERE claim_request_id = $1 AND provider = $2 AND otp_verified_at IS NOT NULL LIMIT 1",
        [claimRequestId, PROVIDER],
      );
      return rows.length > 0;
    },
    /** Sends (pretends to send) a new code; an earlier code for the claim stops working. */
    async start(claimRequestId: string, subjectHash: string): Promise<string> {
      await db.query(
        "UPDATE identity_verifications SET otp_expires_at = now() - interval '1 second' WHERE claim_request_id = $1 AND provider = $2 AND otp_verified_at IS NULL",
        [claimRequestId, PROVIDER],
      );
      const row = await insertVerification(db, {
        claimRequestId,
        provider: PROVIDER,
        verificationId: randomUUID(),
        decision: "CHALLENGE",
        message: null,
        subjectHash,
      });
      return row.verification_id as string;
    },
    async verify(claimRequestId: string, verificationId: string, code: string): Promise<OtpCheck> {
      const { rows } = await db.query<IdentityVerificationRow>(
        "SELECT * FROM identity_verifications WHERE verification_id = $1 AND claim_request_id = $2 AND provider = $3",
        [verificationId, claimRequestId, PROVIDER],
      );
      const entry = rows[0];
      const expired = !entry?.otp_expires_at || new Date(entry.otp_expires_at).getTime() < Date.now();
      if (!entry || entry.otp_verified_at || expired) return { ok: false, reason: "unknown", attemptsRemaining: 0 };
      // Counted before the code is looked at: parallel guesses each take one attempt.
      const left = await takeCodeAttempt(db, entry.id);
      if (left < 0) return { ok: false, reason: "locked", attemptsRemaining: 0 };
      if (code !== SANDBOX_OTP_CODE) return { ok: false, reason: left > 0 ? "wrong" : "locked", attemptsRemaining: left };
      await markCodeVerified(db, entry.id);
      return { ok: true };
    },
  };
}

export type SandboxVerifications = ReturnType<typeof createSandboxVerifications>;
