/** Contract: the signed CRM webhook against a local receiver that checks the signature and drops repeats by Idempotency-Key. */
import { afterEach, describe, expect, it } from "vitest";
import { startLocalServer, type LocalServer } from "../testing/localServer";
import { createCrmProviders } from "./index";
import { signBody } from "./signature";
import { startWebhookReceiver, type WebhookReceiver } from "../../../testing/crmWebhookReceiver";
import { verifySignature } from "../../../testing/crmWebhookSignature";
import { CrmProviderError } from "./types";
import { clientCreatedEvent, createWebhookCrmProvider, createWebhookDelivery, webhookClientUuid, CRM_WEBHOOK_TOPIC } from "./webhook";

const SECRET = "whsec_0123456789abcdef";
const INPUT = {
  claimRequestId: "6f1c5a8e-1111-4c2b-9d3e-123456789abc",
  claimReference: "FD-7K3M9Q2P",
  brandId: "fairdrive",
  funnelVersion: "v3b",
  client: {
    title: "Mrs",
    first_name: "Amelia",
    last_name: "Hargreaves",
    date_of_birth: "1984-03-17",
    email: "amelia@example.co.uk",
    phone_number: "07700900123",
    address: { street: "Downing Close", postcode: "SW1A 2DX" },
  },
};
const never = new AbortController().signal;

let receiver: WebhookReceiver | undefined;
let local: LocalServer | undefined;
afterEach(async () => {
  await receiver?.close();
  await local?.close();
  receiver = local = undefined;
});

describe("signature", () => {
  it("is the hex HMAC-SHA256 of the timestamp and the raw body; any change, or a replay outside 5 minutes, breaks it", () => {
    const body = '{"a":1}';
    const now = Date.UTC(2026, 0, 1);
    const ts = String(now / 1000);
    const sig = signBody(body, SECRET, ts);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(verifySignature(body, SECRET, sig, ts, now)).toBe(true);
    expect(verifySignature(body, SECRET, sig.toUpperCase(), ts, now + 299_000)).toBe(true);
    expect(verifySignature(body, SECRET, sig, ts, now + 301_000)).toBe(false); // replayed later
    expect(verifySignature(body, SECRET, sig, String(now / 1000 + 1), now)).toBe(false); // timestamp changed
    expect(verifySignature('{"a":2}', SECRET, sig, ts, now)).toBe(false);
    expect(verifySignature(body, `${SECRET}x`, sig, ts, now)).toBe(false);
    expect(verifySignature(body, SECRET, undefined, ts, now)).toBe(false);
    expect(verifySignature(body, SECRET, "abc", ts, now)).toBe(false);
  });
});

describe("webhook CRM provider", () => {
  it("mints the same client uuid for the same claim request and returns one client.created event for the outbox", async () => {
    const provider = createWebhookCrmProvider({ url: "http://127.0.0.1:1/", secret: SECRET, now: () => new Date("2026-01-02T03:04:05Z") });
    const first = await provider.createClient(INPUT);
    const again = await provider.createClient(INPUT);
    expect(first.uuid).toBe(webhookClientUuid(INPUT.claimRequestId));
    expect(first.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again).toEqual(first);
    expect((await provider.createClient({ ...INPUT, claimRequestId: "6f1c5a8e-2222-4c2b-9d3e-123456789abc" })).uuid).not.toBe(first.uuid);
    expect(first.outbox).toHaveLength(1);
    const [message] = first.outbox!;
    expect(message.topic).toBe(CRM_WEBHOOK_TOPIC);
    expect(JSON.parse(message.body)).toEqual({
      id: message.idempotencyKey,
      type: "client.created",
      created_at: "2026-01-02T03:04:05.000Z",
      data: {
        client_uuid: first.uuid,
        claim_request_id: INPUT.claimRequestId,
        claim_reference: "FD-7K3M9Q2P",
        brand_id: "fairdrive",
        funnel_version: "v3b",
        client: INPUT.client,
      },
    });
  });

  it("is registered only when configured, next to sandbox and none", async () => {
    expect([...createCrmProviders().keys()].sort()).toEqual(["none", "sandbox"]);
    expect([...createCrmProviders({ webhook: { url: "http://x", secret: SECRET } }).keys()].sort()).toEqual(["none", "sandbox", "webhook"]);
    const none = createCrmProviders().get("none")!;
    const a = await none.createClient(INPUT);
    expect(a).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await none.createClient(INPUT)).uuid).toBe(a.uuid);
  });
});

describe("webhook delivery", () => {
  it("POSTs the stored body with X-Signature, Idempotency-Key, X-Event-Type and the attempt; the receiver verifies and accepts it once", async () => {
    receiver = await startWebhookReceiver({ secret: SECRET });
    const deliver = createWebhookDelivery({ url: receiver.url, secret: SECRET });
    const event = clientCreatedEvent(INPUT, new Date());
    const message = { idempotency_key: event.id, body: JSON.stringify(event), attempts: 1 };
    await deliver(message, never);
    await deliver({ ...message, attempts: 2 }, never);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]).toMatchObject({
      idempotencyKey: event.id,
      signatureValid: true,
      attemptHeader: "1",
      eventType: "client.created",
      body: message.body,
      status: 200,
    });
    expect(receiver.received[1].attemptHeader).toBe("2");
    // The receiver sees the repeat by its key: the same event, not a second client.
    expect(receiver.accepted.get(event.id)).toBe(2);
    expect(new Set(receiver.received.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it("a receiver with another secret refuses it, and the delivery fails", async () => {
    receiver = await startWebhookReceiver({ secret: "another-secret-0123456" });
    const deliver = createWebhookDelivery({ url: receiver.url, secret: SECRET });
    await expect(deliver({ idempotency_key: "k-1", body: "{}", attempts: 1 }, never)).rejects.toThrow("CRM webhook: HTTP 401");
    expect(receiver.received[0].signatureValid).toBe(false);
    expect(receiver.accepted.size).toBe(0);
  });

  it("fails on a 503, a refused connection, a timeout, or a redirect; succeeds on any 2xx", async () => {
    receiver = await startWebhookReceiver({ secret: SECRET });
    const deliver = createWebhookDelivery({ url: receiver.url, secret: SECRET, timeoutMs: 200 });
    await receiver.setMode("503");
    await expect(deliver({ idempotency_key: "k-2", body: "{}", attempts: 1 }, never)).rejects.toThrow("CRM webhook: HTTP 503");
    await receiver.setMode("down");
    await expect(deliver({ idempotency_key: "k-2", body: "{}", attempts: 2 }, never)).rejects.toThrow(
      /CRM webhook: request failed \(ECONNREFUSED\)/,
    );
    await receiver.setMode("up");
    await deliver({ idempotency_key: "k-2", body: "{}", attempts: 3 }, never);
    expect(receiver.accepted.get("k-2")).toBe(1);

    let status = 202;
    local = await startLocalServer((_req, i) =>
      i === 0 ? "hang" : status === 302 ? { status, headers: { location: "http://127.0.0.1:1/" }, text: "" } : { status, text: "" },
    );
    const slow = createWebhookDelivery({ url: local.url, secret: SECRET, timeoutMs: 200 });
    await expect(slow({ idempotency_key: "k-3", body: "{}", attempts: 1 }, never)).rejects.toThrow("CRM webhook: no answer within 200 ms");
    await slow({ idempotency_key: "k-3", body: "{}", attempts: 2 }, never);
    status = 302;
    await expect(slow({ idempotency_key: "k-3", body: "{}", attempts: 3 }, never)).rejects.toBeInstanceOf(CrmProviderError);
  });

  it("stops waiting when the worker stops", async () => {
    local = await startLocalServer(() => "hang");
    const deliver = createWebhookDelivery({ url: local.url, secret: SECRET, timeoutMs: 5000 });
    const stop = new AbortController();
    const pending = deliver({ idempotency_key: "k-4", body: "{}", attempts: 1 }, stop.signal);
    setTimeout(() => stop.abort(), 50);
    await expect(pending).rejects.toThrow("CRM webhook: stopped before an answer");
  });
});
