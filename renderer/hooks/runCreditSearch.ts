/**
 * Credit check, the search: runs the soft credit check for the claim request and
 * confirms its report can be read. Outcomes: otp (a one-time code was sent; its id
 * is kept in verification_id), done (success or partial, kept in the form), failed
 * (kept as an error outcome with the definition's message). `retry` marks the run
 * after a verified code.
 */
import { runCreditCheck } from "./creditCheck/runCreditCheck";
import type { HookImplementation } from "../runtime/runtime";
import { storeCreditCheckOutcome } from "./shared/storeCreditCheckOutcome";
import { text } from "./shared/submittingMessages";

export const runCreditSearch: HookImplementation<"runCreditSearch"> = async (call, runtime) => {
  const claimId = text(runtime.getData().claim_request_id);
  const step = await runCreditCheck(runtime.api, claimId, call.messages, { retry: call.retry === true });
  if (step.kind === "otp") {
    runtime.setValue("verification_id", step.verificationId);
    return { ok: true, outcome: "otp" };
  }
  storeCreditCheckOutcome(runtime, step.outcome);
  return { ok: true, outcome: step.outcome.status === "error" ? "failed" : "done" };
};
