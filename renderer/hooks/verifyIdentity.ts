/**
 * Submitting flow, verifying: asks the brand's affiliate identity provider
 * about the user. ALLOW and CHALLENGE need a verification id; BLOCK goes on
 * only with one (spec section 4). The id is kept for the one-time code and
 * the existing-verification lookup.
 */
import { getPath } from "../engine/paths";
import type { HookImplementation } from "../funnel/runtime";
import { SUBMITTING_ERRORS, text } from "./submittingMessages";

interface VerifyBody {
  success?: boolean;
  data?: { decision?: string; verification_id?: string | null; message?: string | null } | null;
}

function deviceSessionId(runtime: Parameters<HookImplementation<"verifyIdentity">>[1]): string {
  const existing = text(runtime.getData().device_session_id);
  if (existing) return existing;
  const id = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  runtime.setValue("device_session_id", id);
  return id;
}

export const verifyIdentity: HookImplementation<"verifyIdentity"> = async (_call, runtime) => {
  const data = runtime.getData();
  const claimId = text(data.claim_request_id);
  const personalDetails = getPath(data, "personalDetails") as Record<string, unknown> | undefined;
  const contactDetails = getPath(data, "contactDetails") as Record<string, unknown> | undefined;
  const address = getPath(data, "address") as Record<string, unknown> | undefined;
  const complete =
    claimId &&
    text(personalDetails?.firstName) &&
    text(personalDetails?.lastName) &&
    text(personalDetails?.dateOfBirth) &&
    text(contactDetails?.email) &&
    text(address?.postcode);
  if (!complete) return { ok: false, error: SUBMITTING_ERRORS.missingData };

  const provider = encodeURIComponent(runtime.brand.credit_check_provider_id);
  const result = await runtime.api.post<VerifyBody>(`/api/credit-check/${provider}/verify-user`, {
    clientRefId: claimId,
    personalDetails: {
      title: text(personalDetails?.title),
      firstName: text(personalDetails?.firstName),
      lastName: text(personalDetails?.lastName),
      dateOfBirth: text(personalDetails?.dateOfBirth),
    },
    contactDetails: { email: text(contactDetails?.email), phoneNumber: text(contactDetails?.phoneNumber) },
    address,
    device_session_id: deviceSessionId(runtime),
  });
  if (!result.ok || !result.body.success || !result.body.data) return { ok: false, error: SUBMITTING_ERRORS.verificationFailed };

  const decision = result.body.data.decision;
  const verificationId = text(result.body.data.verification_id);
  runtime.setValue("verificationDecision", decision);
  if (decision === "BLOCK" && !verificationId) return { ok: false, error: SUBMITTING_ERRORS.blockedWithoutId };
  if (decision !== "ALLOW" && decision !== "CHALLENGE" && decision !== "BLOCK") return { ok: false, error: SUBMITTING_ERRORS.verificationFailed };
  if (!verificationId) return { ok: false, error: SUBMITTING_ERRORS.noVerificationId };
  runtime.setValue("verification_id", verificationId);
  return { ok: true, outcome: decision };
};
