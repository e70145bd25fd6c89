/**
 * Submitting flow: mail a code to the claim's email before account creation, so the visitor proves they read it
 * before the server says whether it has an account. A code sent a moment ago (429) is still the one to enter.
 */
import type { HookImplementation } from "../runtime/runtime";
import type { ClaimRequestBody } from "../../schema/api/funnelCalls";
import { submittingErrors, text } from "./shared/submittingMessages";

export const sendEmailCode: HookImplementation<"sendEmailCode"> = async (_call, runtime) => {
  const claimId = text(runtime.getData().claim_request_id);
  if (!claimId) return { ok: false, error: submittingErrors().noClaimRequest };
  const body: ClaimRequestBody = { claim_request_id: claimId };
  const result = await runtime.api.post("/api/account/email-code", body);
  if (result.ok || result.status === 429) return { ok: true, outcome: "sent" };
  return { ok: false, error: text(result.body?.error) || submittingErrors().userStatus };
};
