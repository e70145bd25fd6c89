/** Creates or updates the claim request with the form data so far; stores its id and reference. */
import type { FunnelRuntime, HookImplementation, HookOutcome } from "../runtime/runtime";
import { siteText } from "../siteText";
import { signAgainNotice, signingStep } from "../../engine/signingStep";
import { claimPayload } from "./shared/claimPayload";
import { runtimeConditions } from "../runtime/runtimeConditions";
import type { SubmitClaimRequestAnswer, SubmitClaimRequestBody, SubmitClaimRequestRefusal } from "../../schema/api/claimRequests";

/** The answer, or a refusal: per-field messages, or identityLocked (the claim is signed and this changes its identity without a new signature). */
type SubmitResponse = SubmitClaimRequestAnswer & Partial<SubmitClaimRequestRefusal>;

export const submitClaimRequest: HookImplementation<"submitClaimRequest"> = async (_call, runtime) => {
  const data = runtime.getData();
  const body: SubmitClaimRequestBody = {
    version: runtime.funnel.version,
    step: runtime.step.id,
    claim_request_id: typeof data.claim_request_id === "string" ? data.claim_request_id : undefined,
    data: claimPayload(runtime.funnel, data),
  };
  const result = await runtime.api.post<SubmitResponse>("/api/claim-requests", body);
  if (!result.ok) {
    const error = result.body.error ?? siteText("common").genericError;
    if (result.body.identityLocked === true) return signAgain(runtime, error);
    // Show the server's per-field messages where the user can fix them.
    for (const [path, message] of Object.entries(result.body.fieldErrors ?? {})) {
      runtime.form.setError(path, { type: "server", message });
    }
    return { ok: false, error };
  }
  runtime.setValue("claim_request_id", result.body.id);
  runtime.setValue("claim_reference", result.body.claim_reference);
  return { ok: true };
};

/**
 * The server keeps a signed identity until it comes with a new signature (it decides; this only helps the visitor
 * give one). The signature the browser holds is the old one: it is cleared, so the signing step asks for a new
 * one, and the visitor is taken there with their edited answers kept, so its Next sends both together.
 */
function signAgain(runtime: FunnelRuntime, serverMessage: string): HookOutcome {
  const signing = signingStep(runtime.funnel, runtimeConditions(runtime));
  if (!signing) return { ok: false, error: serverMessage };
  runtime.setValue(signing.field, "");
  const notice = signAgainNotice(signing.block);
  return { ok: false, error: notice ? runtime.fill(notice) : serverMessage, fixOnStep: signing.step.id };
}
