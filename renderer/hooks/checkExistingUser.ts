/**
 * Submitting flow, account-creation. Until a mailed code has proven the visitor reads the claim's email the server
 * says nothing about accounts (emailUnproven: the machine has the code sent and entered first); then existingUser
 * when the email has an account, else newUser (and marks the user new).
 */
import type { HookImplementation } from "../runtime/runtime";
import type { AccountCheckAnswer, ClaimRequestBody } from "../../schema/api/funnelCalls";
import { submittingErrors, text } from "./shared/submittingMessages";

export const checkExistingUser: HookImplementation<"checkExistingUser"> = async (_call, runtime) => {
  const claimId = text(runtime.getData().claim_request_id);
  if (!claimId) return { ok: false, error: submittingErrors().noClaimRequest };
  const body: ClaimRequestBody = { claim_request_id: claimId };
  const result = await runtime.api.post<Partial<AccountCheckAnswer>>("/api/account/check", body);
  if (!result.ok || typeof result.body.existingUser !== "boolean") return { ok: false, error: submittingErrors().userStatus };
  if (result.body.existingUser) return { ok: true, outcome: "existingUser" };
  if (result.body.emailVerified === false) return { ok: true, outcome: "emailUnproven" };
  runtime.setValue("isNewUser", true);
  return { ok: true, outcome: "newUser" };
};
