/**
 * Submitting flow, complete: the claims found are the credit check's plus the
 * valid manual picks of other lenders; raises the completion window event
 * (e.g. 'submitting-complete-v2') with email, claim request id, claims found
 * and the manual count.
 */
import { getPath } from "../../engine/paths";
import { PATH_DEFAULTS } from "../../schema/contracts";
import type { HookImplementation } from "../runtime/runtime";
import { asClaimList, asLenderList, manualClaims } from "./shared/claimEntries";
import { text } from "./shared/submittingMessages";

export interface SubmissionCompleteDetail {
  email: string;
  claimRequestId: string;
  claimsFound: number;
  manualCount: number;
}

export const completeSubmission: HookImplementation<"completeSubmission"> = async (call, runtime) => {
  const data = runtime.getData();
  const found = asClaimList(data.claims).filter((c) => c.source === "credit-check");
  const foundLenders = new Set(found.map((c) => c.lender_id).filter(Boolean));
  const manual = manualClaims(asLenderList(getPath(data, call.lendersField ?? PATH_DEFAULTS.manualLenders))).filter(
    (c) => !foundLenders.has(c.lender_id),
  );
  const claimsFound = found.length + manual.length;
  runtime.setValue("claimsFound", claimsFound);
  runtime.setValue("accountClaims", [...found, ...manual]);
  const detail: SubmissionCompleteDetail = {
    email: text(getPath(data, call.emailField ?? PATH_DEFAULTS.email)),
    claimRequestId: text(data.claim_request_id),
    claimsFound,
    manualCount: manual.length,
  };
  window.dispatchEvent(new CustomEvent(call.event, { detail }));
  return { ok: true };
};
