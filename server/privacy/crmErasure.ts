/**
 * Erasure reaches the CRM: each erased claim request that the CRM knows (it has a client uuid) gets a
 * "client erased" message from the CRM provider of its brand (or CRM_PROVIDER), queued in the outbox in the
 * erasure's own transaction, so the CRM hears of every erasure that happened, and of none that did not.
 */
import type { AppContext } from "../context";
import type { NewOutboxMessage } from "../outbox/store";

/** What deciding a claim request's CRM needs (the server's context, or an operator command's). */
export type CrmErasureTarget = Pick<AppContext, "brands" | "crm" | "crmProviderOverride">;

export interface ErasedClaimRequest {
  id: string;
  brand_id: string;
  crm_client_uuid: string | null;
}

export function crmErasureMessages(target: CrmErasureTarget, requests: readonly ErasedClaimRequest[]): NewOutboxMessage[] {
  return requests.flatMap((request) => {
    if (!request.crm_client_uuid) return [];
    const brand = target.brands.find((b) => b.brandId === request.brand_id);
    const provider = target.crm.get(target.crmProviderOverride ?? brand?.crm_provider.provider_type ?? "");
    const messages = provider?.erasureMessages?.({ clientUuid: request.crm_client_uuid, claimRequestId: request.id }) ?? [];
    return messages.map((message) => ({ ...message, claimRequestId: request.id }));
  });
}
