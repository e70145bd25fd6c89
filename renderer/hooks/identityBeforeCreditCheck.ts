/**
 * Credit check, before the search: an affiliate-kind provider needs the identity check
 * (the server refuses the search without it). An earlier usable verification is used
 * again, else POST /api/credit-check/{provider}/verify-user with deviceSessionId.
 * Outcomes: clear (no check needed, or passed), CHALLENGE (the one-time code is needed;
 * its id is kept in verification_id), refused (kept as the check's error outcome with
 * one of the call's `messages`, which the failed view shows).
 */
import { errorOutcome } from "./creditCheck/creditCheckResult";
import type { HookImplementation } from "../runtime/runtime";
import { storeCreditCheckOutcome } from "./shared/storeCreditCheckOutcome";
import { text } from "./shared/submittingMessages";
import { requestIdentityCheck } from "./verifyIdentity";

export const identityBeforeCreditCheck: HookImplementation<"identityBeforeCreditCheck"> = async (call, runtime) => {
  if (runtime.brand.credit_check_providers.provider_type !== "affiliate") return { ok: true, outcome: "clear" };
  const claimId = text(runtime.getData().claim_request_id);
  const lookup = await runtime.api.get<{ data?: { verification_id?: string | null } }>(`/api/credit-check/${encodeURIComponent(claimId)}`);
  if (lookup.ok && text(lookup.body.data?.verification_id)) return { ok: true, outcome: "clear" };
  const check = await requestIdentityCheck(runtime, "deviceSessionId", {}, call.messages);
  if (!check.ok) {
    storeCreditCheckOutcome(runtime, errorOutcome(check.error));
    return { ok: true, outcome: "refused" };
  }
  return { ok: true, outcome: check.decision === "CHALLENGE" ? "CHALLENGE" : "clear" };
};
