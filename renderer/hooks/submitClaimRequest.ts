/** Creates or updates the claim request with the form data so far; stores its id and reference. */
import type { HookOutcome, FunnelRuntime } from "../funnel/runtime";
import { claimPayload } from "./claimPayload";

interface SubmitResponse {
  id: string;
  claim_reference: string;
  fieldErrors?: Record<string, string>;
}

export async function submitClaimRequest(runtime: FunnelRuntime): Promise<HookOutcome> {
  const data = runtime.getData();
  const result = await runtime.api.post<SubmitResponse>("/api/claim-requests", {
    version: runtime.funnel.version,
    step: runtime.step.id,
    claim_request_id: typeof data.claim_request_id === "string" ? data.claim_request_id : undefined,
    data: claimPayload(runtime.funnel, data),
  });
  if (!result.ok) {
    // Show the server's per-field messages where the user can fix them.
    for (const [path, message] of Object.entries(result.body.fieldErrors ?? {})) {
      runtime.form.setError(path, { type: "server", message });
    }
    return { ok: false, error: result.body.error ?? "An error occurred" };
  }
  runtime.setValue("claim_request_id", result.body.id);
  runtime.setValue("claim_reference", result.body.claim_reference);
  return { ok: true };
}
