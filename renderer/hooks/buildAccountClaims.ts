import { getPath } from "../../engine/paths";
import { PATH_DEFAULTS } from "../../schema/contracts";
import type { HookImplementation } from "../runtime/runtime";
import { asClaimList, asLenderList, manualClaims } from "./shared/claimEntries";

/**
 * The account's claims are the credit-check claims plus valid manual picks, and the result is recorded as a
 * successful check with that count, even after a failed credit check: what the visitor goes on with is the
 * list they have now, so the confirmation says how many claims it holds (or that none were found).
 */
export const buildAccountClaims: HookImplementation<"buildAccountClaims"> = async (call, runtime) => {
  const data = runtime.getData();
  const fromCheck = asClaimList(data.claims).filter((c) => c.source === "credit-check");
  const manual = manualClaims(asLenderList(getPath(data, call.lendersField ?? PATH_DEFAULTS.manualLenders)));
  const accountClaims = [...fromCheck, ...manual];
  runtime.setValue("accountClaims", accountClaims);
  runtime.setValue("claimsFound", accountClaims.length);
  runtime.setValue("creditCheckStatus", "success");
  return { ok: true };
};
