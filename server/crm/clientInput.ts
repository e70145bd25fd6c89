/** What a CRM is told about a claim request's client: by the CRM route, and when a given-up delivery is rebuilt. */
import { addressGroupOf } from "../../schema/rules/addressGroup";
import type { AppContext } from "../context";
import { openAnswers } from "../claims/answers";
import type { CrmClientInput } from "../providers/crm/types";
import { toFormData, type ClaimRequestRow } from "../store/claimRequests";
import { crmClientMapping, mapCrmClient } from "./clientPayload";

/** Where the client payload comes from: the funnel definitions (their CRM mappings) and the keyring that opens the answers. */
export type CrmClientSource = Pick<AppContext, "funnels" | "dataKeyring">;

/**
 * What a CRM is told about a claim request's client (also used to rebuild a given-up delivery):
 * the stored answers through the claim's funnel's CRM mapping.
 */
export function crmClientInput(source: CrmClientSource, row: ClaimRequestRow, brandId: string): CrmClientInput {
  const funnel = source.funnels.find((f) => f.version === row.funnel_version);
  const stored = toFormData(row, openAnswers(source.dataKeyring, row.id, row.answers_sealed), funnel && addressGroupOf(funnel));
  return {
    claimRequestId: row.id,
    claimReference: row.claim_reference,
    brandId,
    funnelVersion: row.funnel_version,
    client: mapCrmClient(crmClientMapping(funnel), stored),
  };
}
