/**
 * A CRM delivery that gave up keeps only ids; the operator command lists it
 * without personal data and requeues it with the body rebuilt from the claim
 * request (same idempotency key), and the worker then delivers it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, formData, startTestServer, type TestServer } from "../testing/harness";
import { startWebhookReceiver, type WebhookReceiver } from "../../testing/crmWebhookReceiver";
import { listCommand, requeueCommand } from "../commands/outbox";
import { outboxCounts } from "./store";
import { DataKeyring } from "../crypto/dataEncryption";
import { loadDefinitions } from "../definitions";

/** What the server builds the CRM payload from: the definitions it runs and its (development) data keyring. */
const crmSource = async () => ({ funnels: (await loadDefinitions()).funnels, dataKeyring: DataKeyring.development() });

const SECRET = "whsec_requeue_test_0123456789";
let receiver: WebhookReceiver;
let server: TestServer;
let claimId: string;

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  receiver = await startWebhookReceiver({ secret: SECRET });
  await receiver.setMode("503");
  server = await startTestServer({
    env: { CRM_PROVIDER: "webhook", CRM_WEBHOOK_URL: receiver.url, CRM_WEBHOOK_SECRET: SECRET },
    outbox: { pollMs: 10, baseDelayMs: 5, maxDelayMs: 10, maxAttempts: 2 },
  });
  const visitor = new Visitor(server.url);
  // Not signed yet: the client's creation is the one delivery (a signed claim's letter of authority would be another).
  claimId = (await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(PEOPLE.rajesh) })).body
    .id as string;
  expect(
    (await visitor.post("/api/crm/clients", { claim_request_id: claimId, brand_id: "fairdrive", provider_type: "webhook" })).status,
  ).toBe(200);
  await until(async () => (await outboxCounts(server.db)).gaveUp === 1);
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe("given-up deliveries", () => {
  it("keep ids only, and the operator's list shows no personal data", async () => {
    const { rows } = await server.db.query<{ body: string; claim_request_id: string }>("SELECT body, claim_request_id FROM outbox");
    expect(rows).toEqual([{ body: "", claim_request_id: claimId }]);
    const listing = (await listCommand(server.db)).join("\n");
    expect(listing).toContain(claimId);
    expect(listing).toMatch(/2 attempts/);
    for (const secret of [PEOPLE.rajesh.firstName, PEOPLE.rajesh.lastName, PEOPLE.rajesh.email, "Sandfield"])
      expect(listing).not.toContain(secret);
  });

  it("requeue rebuilds the body with the same idempotency key, and the worker delivers it", async () => {
    await receiver.setMode("up");
    const [id] = (await server.db.query<{ id: string }>("SELECT id FROM outbox")).rows.map((r) => r.id);
    expect(await requeueCommand(server.db, id, await crmSource())).toEqual([`${id}: requeued`]);
    await until(async () => (await outboxCounts(server.db)).delivered === 1);
    const delivered = receiver.received.filter((r) => r.status === 200);
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0].body).data).toMatchObject({ claim_request_id: claimId, client: { last_name: PEOPLE.rajesh.lastName } });
    expect(new Set(receiver.received.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(await requeueCommand(server.db, "--all", await crmSource())).toEqual(["no given-up deliveries"]);
  });
});
