/**
 * The sandbox CRM: the client uuid is derived from the claim request id, so a
 * repeat call returns the same client. A claim request whose brand id is
 * "crm-fail" fails, for testing the "failure is ignored" path. It records the
 * last payloads it was given (in memory only; the sandbox never runs in
 * production), read at GET /api/dev/crm like the sandbox mailbox.
 */
import { createHash } from "node:crypto";
import { CrmProviderError, type CrmClientInput, type CrmProvider } from "./types";

const KEEP_PAYLOADS = 200;

function uuidFrom(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createSandboxCrmProvider(): CrmProvider {
  const received: CrmClientInput[] = [];
  return {
    providerType: "sandbox",
    recorded: (claimRequestId) => received.filter((r) => !claimRequestId || r.claimRequestId === claimRequestId).reverse(),
    async createClient(input) {
      const { claimRequestId, brandId } = input;
      if (brandId === "crm-fail") throw new CrmProviderError("Sandbox CRM: test failure");
      received.push(input);
      if (received.length > KEEP_PAYLOADS) received.shift();
      return { uuid: uuidFrom(`sandbox-crm|${claimRequestId}`) };
    },
  };
}
