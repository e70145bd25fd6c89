/**
 * The signed letter of authority reaches the CRM through the outbox as a signed webhook event
 * (client.letter_of_authority_signed) carrying the PDF, once per claim request, and the consumer by email.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../../testing/crmWebhookReceiver";
import { formData, PEOPLE, PNG_SIGNATURE, startTestServer, Visitor, withSurname, type TestServer } from "../testing/harness";
import { readPdf } from "../testing/pdfText";

const SECRET = "whsec_test_letter_0123456789";
let receiver: WebhookReceiver;
let server: TestServer;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ secret: SECRET });
  server = await startTestServer({
    env: { CRM_PROVIDER: "webhook", CRM_WEBHOOK_URL: receiver.url, CRM_WEBHOOK_SECRET: SECRET, OUTBOX_POLL_MS: "20" },
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

async function until<T>(find: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the letter of authority to the CRM", () => {
  it("is announced once as a signed event with the PDF, and emailed to the consumer", async () => {
    const person = withSurname(PEOPLE.amelia, "Hargreaves", "amelia.crm.letter@example.co.uk");
    const visitor = new Visitor(server.url);
    const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "fairdrive", provider_type: "sandbox" })).status).toBe(
      200,
    );
    const sign = () =>
      visitor.post("/api/claim-requests", { version: "t1", step: "signature", claim_request_id: id, data: { signature: PNG_SIGNATURE } });
    expect((await sign()).status).toBe(200);

    const letterEvents = () =>
      receiver.received.filter(
        (r) =>
          r.status === 200 &&
          JSON.parse(r.body).type === "client.letter_of_authority_signed" &&
          JSON.parse(r.body).data.claim_request_id === id,
      );
    const delivered = await until(() => letterEvents()[0]);
    const event = JSON.parse(delivered.body);
    expect(event.data).toMatchObject({ claim_reference: created.body.claim_reference, document: { content_type: "application/pdf" } });
    const pdf = await readPdf(Buffer.from(event.data.document.content_base64, "base64"));
    expect(pdf.text).toContain("Name: Mrs Amelia Hargreaves");
    expect(pdf.images).toBe(1);

    const mails = (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(person.email)}`)).body.mails as any[];
    const letterMails = mails.filter((m) => /letter of authority/.test(m.subject));
    expect(letterMails).toHaveLength(1);
    expect(letterMails[0].attachments[0].contentBase64).toBe(event.data.document.content_base64);

    // Signing again announces nothing more: one outbox row for the event, one mail.
    expect((await sign()).status).toBe(200);
    const rows = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE idempotency_key = $1", [event.id]);
    expect(rows.rows[0].n).toBe(1);
    const again = (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(person.email)}`)).body.mails as any[];
    expect(again.filter((m) => /letter of authority/.test(m.subject))).toHaveLength(1);
  });
});

describe("the letter of authority to the sandbox CRM", () => {
  let sandboxServer: TestServer;
  beforeAll(async () => {
    sandboxServer = await startTestServer({
      env: { OUTBOX_POLL_MS: "20" },
    });
  }, 90_000);
  afterAll(async () => {
    await sandboxServer?.stop();
  });

  it("reaches it through the outbox once signed, as the stored PDF", async () => {
    const person = withSurname(PEOPLE.amelia, "Sandbox", "amelia.sandbox.letter@example.co.uk");
    const visitor = new Visitor(sandboxServer.url);
    const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) });
    const id = created.body.id as string;
    expect((await visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "fairdrive", provider_type: "sandbox" })).status).toBe(
      200,
    );
    const signed = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: id,
      data: { signature: PNG_SIGNATURE },
    });
    expect(signed.status).toBe(200);
    const recorded = async () => (await new Visitor(sandboxServer.url).get(`/api/dev/crm?claim_request_id=${id}`)).body.events as any[];
    const end = Date.now() + 20_000;
    let events = await recorded();
    while (events.length === 0 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
      events = await recorded();
    }
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "client.letter_of_authority_signed",
      data: { claim_request_id: id, claim_reference: created.body.claim_reference, document: { content_type: "application/pdf" } },
    });
    const stored = await sandboxServer.db.query<{ sha256: string }>(
      "SELECT sha256 FROM claim_documents WHERE claim_request_id = $1 AND kind = 'letter-of-authority'",
      [id],
    );
    expect(events[0].data.document.sha256).toBe(stored.rows[0].sha256);
  });
});
