/**
 * The identity check's one-time code, for the credit check's identityCode view
 * (the identityBeforeCreditCheck hook asked for it): checked with
 * POST /api/otp/verify, a new one sent with POST /api/otp/resend.
 */
import type { FunnelRuntime } from "../../runtime/runtime";
import { text } from "../../hooks/shared/submittingMessages";

/** Checks the identity check's one-time code; null when it is right, else the message to show (`fallback` when the server gives none). */
export async function verifyIdentityCode(
  runtime: FunnelRuntime,
  verificationId: string,
  code: string,
  fallback: string,
): Promise<string | null> {
  const result = await runtime.api.post<{ success?: boolean }>("/api/otp/verify", { verification_id: verificationId, code });
  if (result.ok && result.body.success) return null;
  return text(result.body.error) || fallback;
}

export async function resendIdentityCode(runtime: FunnelRuntime, verificationId: string): Promise<boolean> {
  const result = await runtime.api.post<{ success?: boolean }>("/api/otp/resend", { verification_id: verificationId });
  return result.ok && Boolean(result.body.success);
}
