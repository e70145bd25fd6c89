/**
 * Loads the claim request named by claim_request_id in the form data (the
 * owner's record, with its claims) into the form: reference, claims (status
 * 'pending' when the record has none), the credit-check count, the total and
 * the email the account will use. The v4 screens read what the claim
 * request already holds this way.
 */
import { PATH_DEFAULTS } from "../../schema/contracts";
import { siteText } from "../siteText";
import type { HookImplementation } from "../runtime/runtime";
import { getPath } from "../../engine/paths";
import type { ClaimRequestRecord } from "../../schema/api/claimRequests";

interface RecordClaim {
  id?: unknown;
  lender_id?: unknown;
  lender_name?: unknown;
  lender?: { id?: unknown; name?: unknown } | null;
  lenders?: { id?: unknown; name?: unknown } | null;
  source?: unknown;
  status?: unknown;
  [key: string]: unknown;
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : "");

export function claimsFromRecord(claims: unknown): Record<string, unknown>[] {
  if (!Array.isArray(claims)) return [];
  return (claims as RecordClaim[])
    .filter((c) => c && typeof c === "object")
    .map((c) => {
      const lender = c.lender ?? c.lenders ?? null;
      return {
        ...c,
        // Stored values, not copy: the name the server stores for a lender it cannot name (UNKNOWN_LENDER) and the status
        // it gives a new claim, so the form data says what the claim rows say.
        lender_name: str(c.lender_name) || str(lender?.name) || "Unknown Lender",
        source: c.source === "credit-check" || c.source === "manual" ? c.source : "unknown",
        status: str(c.status) || "pending",
      };
    });
}

export const loadClaimRequest: HookImplementation<"loadClaimRequest"> = async (call, runtime) => {
  const id = str(runtime.getData().claim_request_id);
  if (!id) return { ok: false, error: siteText("common").noClaimRequest };
  const result = await runtime.api.get<ClaimRequestRecord>(`/api/claim-requests/${encodeURIComponent(id)}`);
  if (!result.ok) return { ok: false, error: result.body.error ?? siteText("common").noClaimRequest };
  const record = result.body;
  const claims = claimsFromRecord(record.claims);
  runtime.setValue("claim_reference", str(record.claim_reference));
  runtime.setValue("claims", claims);
  runtime.setValue("claimsFound", claims.filter((c) => c.source === "credit-check").length);
  runtime.setValue("totalClaims", claims.length);
  const emailField = call.emailField ?? PATH_DEFAULTS.email;
  if (str(record.email) && !str(getPath(runtime.getData(), emailField))) runtime.setValue(emailField, str(record.email));
  return { ok: true };
};
