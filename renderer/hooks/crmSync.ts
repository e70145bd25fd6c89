import type { HookImplementation } from "../runtime/runtime";
import { siteText } from "../siteText";
import type { CrmClientAnswer, CrmClientBody } from "../../schema/api/funnelCalls";

/** Creates or looks up the CRM client for the claim request and keeps its uuid. */
export const crmSync: HookImplementation<"crmSync"> = async (_call, runtime) => {
  const data = runtime.getData();
  if (typeof data.claim_request_id !== "string") return { ok: false, error: siteText("common").noClaimRequest };
  const body: CrmClientBody = {
    claim_request_id: data.claim_request_id,
    brand_id: runtime.brand.brandId,
    provider_type: runtime.brand.crm_provider.provider_type,
  };
  const result = await runtime.api.post<CrmClientAnswer>("/api/crm/clients", body);
  if (!result.ok || !result.body.success) {
    return { ok: false, error: result.body.error ?? siteText("common").crmSyncFailed };
  }
  runtime.setValue("crm_client_uuid", result.body.client.uuid);
  return { ok: true };
};
