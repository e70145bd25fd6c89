/**
 * The sandbox CRM: the client uuid is derived from the claim request id, so a
 * repeat call returns the same client. A claim request whose brand id is
 * "crm-fail" fails, for testing the "failure is ignored" path. It records the
 * last payloads it was given (in memory only; the sandbox never runs in
 * production), read at GET /api/dev/crm like the sandbox mailbox. The signed
 * letter of authority reaches it as it reaches a real CRM: the webhook's event,
 * through the outbox, recorded when the outbox delivers it.
 */
import { createHash } from "node:crypto";
import type { OutboxHandler } from "../../outbox/worker";
import { CrmProviderError, type CrmClientInput, type CrmProvider } from "./types";
import { letterOfAuthoritySignedEvent } from "./webhook";

export const CRM_SANDBOX_TOPIC = "crm.sandbox";

type SandboxEvent = ReturnType<typeof letterOfAuthoritySignedEvent>;

const KEEP_PAYLOADS = 200;

function uuidFrom(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createSandboxCrmProvider(): CrmProvider {
  const received: CrmClientInput[] = [];
  const events: SandboxEvent[] = [];
  const deliver: OutboxHandler = async (message) => {
    events.push(JSON.parse(message.body) as SandboxEvent);
    if (events.length > KEEP_PAYLOADS) events.shift();
  };
  return {
    providerType: "sandbox",
    recorded: (claimRequestId) => received.filter((r) => !claimRequestId || r.claimRequestId === claimRequestId).reverse(),
    recordedEvents: (claimRequestId) => events.filter((e) => !claimRequestId || e.data.claim_request_id === claimRequestId).reverse(),
    outboxHandlers: { [CRM_SANDBOX_TOPIC]: deliver },
    letterOfAuthorityMessages(signed) {
      const event = letterOfAuthoritySignedEvent(signed, new Date());
      return [{ topic: CRM_SANDBOX_TOPIC, idempotencyKey: event.id, body: JSON.stringify(event) }];
    },
    async createClient(input) {
      const { claimRequestId, brandId } = input;
      if (brandId === "crm-fail") throw new CrmProviderError("Sandbox CRM: test failure");
      received.push(input);
      if (received.length > KEEP_PAYLOADS) received.shift();
      return { uuid: uuidFrom(`sandbox-crm|${claimRequestId}`) };
    },
  };
}
