/**
 * The sandbox CRM: the client uuid is derived from the claim request id, so a
 * repeat call returns the same client. A claim request whose brand id is
 * "crm-fail" fails, for testing the "failure is ignored" path.
 */
import { createHash } from "node:crypto";
import { CrmProviderError, type CrmProvider } from "./types";

function uuidFrom(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createSandboxCrmProvider(): CrmProvider {
  return {
    providerType: "sandbox",
    async createClient({ claimRequestId, brandId }) {
      if (brandId === "crm-fail") throw new CrmProviderError("Sandbox CRM: test failure");
      return { uuid: uuidFrom(`sandbox-crm|${claimRequestId}`) };
    },
  };
}
