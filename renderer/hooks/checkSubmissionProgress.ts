/**
 * Submitting flow, checking-existing: what is already done for this claim.
 * accountChecked: the credit check and the account check both ran in this session;
 * creditChecked: the credit check ran; for the affiliate provider an existing
 * verification found on the server (verificationFound) or not (verificationNeeded);
 * other providers need none (noVerification).
 */
import type { HookImplementation } from "../runtime/runtime";
import { text } from "./shared/submittingMessages";

interface LookupBody {
  data?: { verification_id?: string | null };
}

export const checkSubmissionProgress: HookImplementation<"checkSubmissionProgress"> = async (_call, runtime) => {
  const data = runtime.getData();
  const checked = text(data.creditCheckId) !== "" && (data.creditCheckStatus === "success" || data.creditCheckStatus === "partial");
  if (checked) return { ok: true, outcome: data.isNewUser === true ? "accountChecked" : "creditChecked" };
  if (runtime.brand.credit_check_providers.provider_type !== "affiliate") return { ok: true, outcome: "noVerification" };
  const claimId = text(data.claim_request_id);
  if (!claimId) return { ok: true, outcome: "verificationNeeded" };
  const result = await runtime.api.get<LookupBody>(`/api/credit-check/${encodeURIComponent(claimId)}`);
  const verificationId = result.ok ? text(result.body.data?.verification_id) : "";
  if (!verificationId) return { ok: true, outcome: "verificationNeeded" };
  runtime.setValue("verification_id", verificationId);
  return { ok: true, outcome: "verificationFound" };
};
