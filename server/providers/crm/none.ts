/**
 * provider_type "none": the brand has no CRM. The client uuid is minted here
 * (deterministic per claim request, so the funnel's crmSync still succeeds)
 * and nothing is sent anywhere.
 */
import type { CrmProvider } from "./types";
import { uuidFrom } from "./uuid";

export function createNoCrmProvider(): CrmProvider {
  return {
    providerType: "none",
    async createClient({ claimRequestId }) {
      return { uuid: uuidFrom(`no-crm|${claimRequestId}`) };
    },
  };
}
