/**
 * Before the v3 family's credit check, an affiliate-kind provider needs the identity check
 * (the server refuses the search without it): an earlier usable verification is used again,
 * else POST /api/credit-check/{provider}/verify-user with deviceSessionId. CHALLENGE asks for
 * the one-time code (POST /api/otp/verify); other providers need nothing.
 */
import type { FunnelRuntime } from "../../funnel/runtime";
import { requestIdentityCheck } from "../../hooks/verifyIdentity";
import { SUBMITTING_ERRORS, text } from "../../hooks/submittingMessages";

export type IdentityStep = { kind: "clear" } | { kind: "code"; verificationId: string } | { kind: "refused"; message: string };

export function needsIdentityCheck(runtime: FunnelRuntime): boolean {
  return runtime.brand.credit_check_providers.provider_type === "affiliate";
}

export async function identityBeforeCheck(runtime: FunnelRuntime): Promise<IdentityStep> {
  if (!needsIdentityCheck(runtime)) return { kind: "clear" };
  const claimId = text(runtime.getData().claim_request_id);
  const lookup = await runtime.api.get<{ data?: { verification_id?: string | null } }>(`/api/credit-check/${encodeURIComponent(claimId)}`);
  if (lookup.ok && text(lookup.body.data?.verification_id)) return { kind: "clear" };
  const check = await requestIdentityCheck(runtime, "deviceSessionId");
  if (!check.ok) return { kind: "refused", message: check.error };
  return check.decision === "CHALLENGE" ? { kind: "code", verificationId: check.verificationId } : { kind: "clear" };
}

/** Checks the identity check's one-time code; null when it is right, else the message to show. */
export async function verifyIdentityCode(runtime: FunnelRuntime, verificationId: string, code: string): Promise<string | null> {
  const result = await runtime.api.post<{ success?: boolean }>("/api/otp/verify", { verification_id: verificationId, code });
  if (result.ok && result.body.success) return null;
  return text(result.body.error) || SUBMITTING_ERRORS.verificationFailed;
}

export async function resendIdentityCode(runtime: FunnelRuntime, verificationId: string): Promise<boolean> {
  const result = await runtime.api.post<{ success?: boolean }>("/api/otp/resend", { verification_id: verificationId });
  return result.ok && Boolean(result.body.success);
}
