/**
 * Submitting flow, credit-check: runs the soft credit check for the claim
 * request; the server extracts and saves the claims. Keeps status, id, the
 * claims (marked credit-check) and the count. An error status or a failed
 * call stops the flow with the server's message, else 'Credit check failed'.
 */
import { markCreditCheckClaims, type RunBody } from "./creditCheck/creditCheckResult";
import type { HookImplementation } from "../runtime/runtime";
import { submittingErrors, text } from "./shared/submittingMessages";

export const runCreditCheck: HookImplementation<"runCreditCheck"> = async (_call, runtime) => {
  const claimId = text(runtime.getData().claim_request_id);
  if (!claimId) return { ok: false, error: submittingErrors().noClaimRequest };
  const result = await runtime.api.post<RunBody>("/api/credit-check/run", { claim_request_id: claimId });
  const body = result.body ?? {};
  if (!result.ok) return { ok: false, error: text(body.error) || submittingErrors().creditCheckFailed };
  if (body.status !== "success" && body.status !== "partial") {
    runtime.setValue("creditCheckStatus", "error");
    return { ok: false, error: text(body.errorMessage) || submittingErrors().creditCheckFailed };
  }
  const claims = markCreditCheckClaims(body.claims);
  const counted = typeof body.claimsFound === "number" && Number.isFinite(body.claimsFound) && body.claimsFound >= 0;
  runtime.setValue("creditCheckStatus", body.status);
  runtime.setValue("creditCheckId", text(body.creditCheckId));
  runtime.setValue("creditCheckError", text(body.errorMessage));
  runtime.setValue("claims", claims);
  runtime.setValue("claimsFound", counted ? Math.floor(body.claimsFound as number) : claims.length);
  return { ok: true };
};
