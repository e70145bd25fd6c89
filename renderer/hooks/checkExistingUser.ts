/** Submitting flow, account-creation: existingUser when this claim request is already in an account (never whether its email has one); else marks a new user. */
import type { HookImplementation } from "../funnel/runtime";
import { SUBMITTING_ERRORS, text } from "./submittingMessages";

export const checkExistingUser: HookImplementation<"checkExistingUser"> = async (_call, runtime) => {
  const claimId = text(runtime.getData().claim_request_id);
  if (!claimId) return { ok: false, error: SUBMITTING_ERRORS.noClaimRequest };
  const result = await runtime.api.post<{ existingUser?: boolean }>("/api/account/check", { claim_request_id: claimId });
  if (!result.ok || typeof result.body.existingUser !== "boolean") return { ok: false, error: SUBMITTING_ERRORS.userStatus };
  if (result.body.existingUser) return { ok: true, outcome: "existingUser" };
  runtime.setValue("isNewUser", true);
  return { ok: true, outcome: "newUser" };
};
