/**
 * CRM_PROVIDER=webhook through the API: the client uuid is answered at once,
 * the signed client.created event goes through the outbox, and a CRM outage
 * during 50 submissions loses no delivery and duplicates none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxCounts } from "../outbox/store";
import { startWebhookReceiver, type WebhookReceiver } from "../../testing/crmWebhookReceiver";
import { formData, PEOPLE, startTestServer, Visitor, withSurname, type TestPerson, type TestServer } from "../testing/harness";

const SECRET = "whsec_test_0123456789abcdef";
let receiver: WebhookReceiver;
let server: TestServer;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ secret: SECRET });
  server = await startTestServer({
    env: {
      CRM_PROVIDER: "webhook",
      CRM_WEBHOOK_URL: receiver.url,
      CRM_WEBHOOK_SECRET: SECRET,
      CRM_WEBHOOK_TIMEOUT_MS: "1000",
      // Fast clock for the test: first retry after ~20 ms, never more than 250 ms apart.
      OUTBOX_POLL_MS: "20",
      OUTBOX_BASE_DELAY_MS: "20",
      OUTBOX_MAX_DELAY_MS: "250",
    },
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function syncCrm(visitor: Visitor, id: string) {
  const began = Date.now();
  const res = await visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "fairdrive", provider_type: "sandbox" });
  return { ...res, ms: Date.now() - began };
}

const eventsFor = (claimRequestId: string) =>
  receiver.received.filter(
    (r) => r.status === 200 && JSON.parse(r.body).data.claim_request_id === claimRequestId && JSON.parse(r.body).type === "client.created",
  );

/** A claim request not signed yet: its CRM client's creation is its only delivery (a signed claim's letter of authority follows as an event of its own). */
const startClaim = async (visitor: Visitor, person: TestPerson) =>
  (await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) })).body as {
    id: string;
    claim_reference: string;
  };

describe("CRM webhook through the outbox", () => {
  it("answers the uuid at once and delivers one signed client.created event with the client's details", async () => {
    const visitor = new Visitor(server.url);
    const { id, claim_reference } = await startClaim(visitor, PEOPLE.amelia);
    const first = await syncCrm(visitor, id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, client: { uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    await until(() => eventsFor(id).length === 1);
    const [delivery] = eventsFor(id);
    expect(delivery.signatureValid).toBe(true);
    expect(delivery.eventType).toBe("client.created");
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      id: delivery.idempotencyKey,
      type: "client.created",
      data: {
        client_uuid: first.body.client.uuid,
        claim_request_id: id,
        claim_reference,
        brand_id: "fairdrive",
        funnel_version: "t1",
        client: { first_name: "Amelia", last_name: "Hargreaves", email: PEOPLE.amelia.email, date_of_birth: "1984-03-17" },
      },
    });

    const again = await syncCrm(visitor, id);
    expect(again.body.client.uuid).toBe(first.body.client.uuid);
    expect((await visitor.get(`/api/claim-requests/${id}`)).body.crm_client_uuid).toBe(first.body.client.uuid);
    await new Promise((r) => setTimeout(r, 150));
    expect(eventsFor(id)).toHaveLength(1);
  });

  it("never blocks the funnel: with the CRM refusing connections the call still answers at once, and the event arrives once it is back", async () => {
    await receiver.setMode("down");
    const visitor = new Visitor(server.url);
    const { id } = await startClaim(visitor, PEOPLE.rajesh);
    const res = await syncCrm(visitor, id);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.ms).toBeLessThan(3000);
    await new Promise((r) => setTimeout(r, 200));
    expect(eventsFor(id)).toHaveLength(0);
    await receiver.setMode("up");
    await until(() => eventsFor(id).length === 1);
  });

  it("A CRM outage of a minute during 50 submissions loses no delivery and duplicates none (outage compressed by configuration)", async () => {
    const keysBefore = new Set(receiver.accepted.keys());
    const receivedBefore = receiver.received.length;
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      // Up for the first 10, then 503 for 15, then connection refused for the rest and a while after.
      if (i === 10) await receiver.setMode("503");
      if (i === 25) await receiver.setMode("down");
      const visitor = new Visitor(server.url);
      const person = withSurname(
        PEOPLE.siobhan,
        `Outage${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
      );
      const { id } = await startClaim(visitor, person);
      const res = await syncCrm(visitor, id);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      ids.push(id);
    }
    await new Promise((r) => setTimeout(r, 500));
    const during = await outboxCounts(server.db);
    expect(during.pending).toBeGreaterThanOrEqual(25); // what was submitted during the outage is waiting
    await receiver.setMode("up");
    await until(async () => (await outboxCounts(server.db)).pending === 0);

    // Delivered rows no longer hold their body (the claimant's details), so rows are found by idempotency key.
    const newKeys = [...receiver.accepted.keys()].filter((k) => !keysBefore.has(k));
    const { rows: stored } = await server.db.query<{ delivered: string; gave_up: string; total: string; with_body: string }>(
      `SELECT count(*) FILTER (WHERE delivered_at IS NOT NULL) AS delivered, count(*) FILTER (WHERE gave_up_at IS NOT NULL) AS gave_up,
              count(*) AS total, count(*) FILTER (WHERE body <> '') AS with_body
       FROM outbox WHERE idempotency_key = ANY($1::text[])`,
      [newKeys],
    );
    const total = Object.fromEntries(Object.entries(stored[0]).map(([k, v]) => [k, Number(v)]));
    expect(total).toEqual({ delivered: 50, gave_up: 0, total: 50, with_body: 0 });
    expect(newKeys).toHaveLength(50);
    // Exactly once: no key was accepted (answered 2xx while up) more than once.
    for (const key of newKeys) expect(receiver.accepted.get(key)).toBe(1);
    const deliveredClaims = new Set(
      receiver.received
        .slice(receivedBefore)
        .filter((r) => r.status === 200)
        .map((r) => JSON.parse(r.body).data.claim_request_id as string),
    );
    expect([...deliveredClaims].sort()).toEqual([...ids].sort());
    // The outage was real: deliveries were refused with 503 and retried after refused connections.
    const during503 = receiver.received.slice(receivedBefore).filter((r) => r.status === 503);
    expect(during503.length).toBeGreaterThanOrEqual(15);
    const { rows } = await server.db.query<{ retried: string }>(
      "SELECT count(*) AS retried FROM outbox WHERE attempts > 1 AND idempotency_key = ANY($1::text[])",
      [newKeys],
    );
    expect(Number(rows[0].retried)).toBeGreaterThanOrEqual(40);
    expect(receiver.received.slice(receivedBefore).every((r) => r.signatureValid)).toBe(true);
  });
});
