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
 * One-time codes live in memory, per process: a sandbox convenience, not a
 * store for real verifications.
 */
import { randomUUID } from "node:crypto";

export const SANDBOX_OTP_CODE = "123456";
export const OTP_MAX_ATTEMPTS = 3;

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

interface Pending {
  claimRequestId: string;
  attempts: number;
}

/** Pending and verified one-time codes for the sandbox, per claim request. */
export function createSandboxVerifications() {
  const pending = new Map<string, Pending>();
  const verified = new Set<string>();
  return {
    isVerified: (claimRequestId: string) => verified.has(claimRequestId),
    /** Sends (pretends to send) a new code; an earlier code for the claim stops working. */
    start(claimRequestId: string): string {
      for (const [id, p] of pending) if (p.claimRequestId === claimRequestId) pending.delete(id);
      const id = randomUUID();
      pending.set(id, { claimRequestId, attempts: 0 });
      return id;
    },
    verify(claimRequestId: string, verificationId: string, code: string): OtpCheck {
      const entry = pending.get(verificationId);
      if (!entry || entry.claimRequestId !== claimRequestId) return { ok: false, reason: "unknown", attemptsRemaining: 0 };
      if (entry.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: "locked", attemptsRemaining: 0 };
      if (code !== SANDBOX_OTP_CODE) {
        entry.attempts += 1;
        const attemptsRemaining = OTP_MAX_ATTEMPTS - entry.attempts;
        return { ok: false, reason: attemptsRemaining > 0 ? "wrong" : "locked", attemptsRemaining };
      }
      pending.delete(verificationId);
      verified.add(claimRequestId);
      return { ok: true };
    },
  };
}

export type SandboxVerifications = ReturnType<typeof createSandboxVerifications>;
