/**
 * Credit check, first state: what is already done for this claim request.
 * needsClaim: no claim request with a reference yet (or, given `missingClaim`,
 * a failure with that message: the details were just submitted and still none);
 * creditChecked: the check already ran for it, so it is not run again; ready.
 */
import { isFilled } from "../../engine/paths";
import type { HookImplementation } from "../runtime/runtime";
import { text } from "./shared/submittingMessages";

export const creditCheckProgress: HookImplementation<"creditCheckProgress"> = async (call, runtime) => {
  const data = runtime.getData();
  if (!text(data.claim_request_id) || !text(data.claim_reference)) {
    return call.missingClaim ? { ok: false, error: call.missingClaim } : { ok: true, outcome: "needsClaim" };
  }
  if (isFilled(data.creditCheckId) && isFilled(data.creditCheckStatus)) return { ok: true, outcome: "creditChecked" };
  return { ok: true, outcome: "ready" };
};
