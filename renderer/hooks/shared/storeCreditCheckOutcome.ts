/** Keeps a credit check's outcome in the form and announces it with the completion window event. */
import { COMPLETE_EVENT, type CreditCheckOutcome } from "../creditCheck/creditCheckResult";
import type { FunnelRuntime } from "../../runtime/runtime";

export function storeCreditCheckOutcome(runtime: FunnelRuntime, outcome: CreditCheckOutcome): void {
  runtime.setValue("creditCheckStatus", outcome.status);
  runtime.setValue("creditCheckId", outcome.creditCheckId);
  runtime.setValue("creditCheckError", outcome.errorMessage);
  runtime.setValue("claimsFound", outcome.claimsFound);
  runtime.setValue("claims", outcome.claims);
  window.dispatchEvent(new CustomEvent(COMPLETE_EVENT, { detail: outcome }));
}
