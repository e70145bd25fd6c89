import { getPath } from "../../engine/paths";
import { siteText } from "../siteText";
import { PATH_DEFAULTS } from "../../schema/contracts";
import type { HookImplementation } from "../runtime/runtime";
import { asClaimList, asLenderList, manualClaims } from "./shared/claimEntries";

/**
 * Saves credit-check claims, or the manual lender picks with UUID ids.
 * Nothing to save is a success; the server ignores repeats.
 */
export const saveClaims: HookImplementation<"saveClaims"> = async (call, runtime) => {
  const data = runtime.getData();
  if (typeof data.claim_request_id !== "string") return { ok: false, error: siteText("common").noClaimRequest };
  const claims =
    call.source === "credit-check"
      ? asClaimList(data.claims).filter((c) => c.source === "credit-check")
      : manualClaims(asLenderList(getPath(data, call.lendersField ?? PATH_DEFAULTS.manualLenders))).map(({ id, lender_id }) => ({
          id,
          lender_id,
          source: "manual",
        }));
  if (claims.length === 0) return { ok: true };
  const result = await runtime.api.post("/api/save-claims", {
    claim_request_id: data.claim_request_id,
    claims,
    credit_check_id: typeof data.creditCheckId === "string" ? data.creditCheckId : undefined,
  });
  return result.ok ? { ok: true } : { ok: false, error: result.body.error ?? siteText("common").saveClaimsFailed };
};
