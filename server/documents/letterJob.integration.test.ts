/**
 * The letter of authority is built off the request path: signing queues a job with the signature (one transaction),
 * and the outbox worker builds, stores and delivers the letter. A signed claim still always has its letter: a reader
 * who comes before the job gets it built then, and the job delivers that same file; a claim signed before its CRM
 * client existed has its letter delivered once the client is made; a claim signed again gets a new letter.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PEOPLE,
  PNG_SIGNATURE,
  Visitor,
  formData,
  lettersBuilt,
  setUpAccount,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";
import { readPdf } from "../testing/pdfText";
import { DataKeyring } from "../crypto/dataEncryption";
import { findClaimRequestById } from "../store/claimRequests";
import { keepFirstClaimDocument } from "./claimDocuments";
import { LETTER_OF_AUTHORITY_TOPIC } from "./letterJob";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { OUTBOX_POLL_MS: "20" } });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

async function start(visitor: Visitor, person: ReturnType<typeof withSurname>) {
  const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) });
  expect(created.status).toBe(201);
  return created.body as { id: string; claim_reference: string };
}
const sign = (visitor: Visitor, id: string, person: ReturnType<typeof withSurname>, signature = PNG_SIGNATURE) =>
  visitor.post("/api/claim-requests", { version: "t1", step: "signature", claim_request_id: id, data: formData(person, { signature }) });
const syncCrm = (visitor: Visitor, id: string) =>
  visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "fairdrive", provider_type: "sandbox" });
const crmLetterEvents = async (id: string) =>
  ((await new Visitor(server.url).get(`/api/dev/crm?claim_request_id=${id}`)).body.events as { type: string; data: any }[]).filter(
    (e) => e.type === "client.letter_of_authority_signed",
  );
const storedLetter = async (id: string) =>
  (
    await server.db.query<{ sha256: string }>(
      "SELECT sha256 FROM claim_documents WHERE claim_request_id = $1 AND kind = 'letter-of-authority'",
      [id],
    )
  ).rows;
const letterJobs = async (id: string) =>
  (await server.db.query("SELECT 1 FROM outbox WHERE claim_request_id = $1 AND topic = $2", [id, LETTER_OF_AUTHORITY_TOPIC])).rows.length;
const letterMails = async (email: string) =>
  ((await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).body.mails as { subject: string }[]).filter((m) =>
    /letter of authority/.test(m.subject),
  );

async function until<T>(find: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the letter of authority, built in the background", () => {
  it("is queued with the signature, then built, stored, sent to the CRM and mailed once", async () => {
    const person = withSurname(PEOPLE.amelia, "Queued", "amelia.queued.letter@example.co.uk");
    const visitor = new Visitor(server.url);
    const { id } = await start(visitor, person);
    expect((await syncCrm(visitor, id)).status).toBe(200);
    expect((await sign(visitor, id, person)).status).toBe(200);
    expect(await letterJobs(id)).toBe(1);

    await lettersBuilt(server.db, id);
    const [stored] = await storedLetter(id);
    const [event] = await until(async () => ((await crmLetterEvents(id)).length ? crmLetterEvents(id) : undefined));
    expect(event.data.document.sha256).toBe(stored.sha256);
    expect(await letterMails(person.email)).toHaveLength(1);

    // The same signature sent again is no new signing: no second job, letter or mail.
    expect((await sign(visitor, id, person)).status).toBe(200);
    expect(await letterJobs(id)).toBe(1);
    expect(await letterMails(person.email)).toHaveLength(1);
  });

  it("reaches the CRM once the client is made, for a claim signed before", async () => {
    const person = withSurname(PEOPLE.rajesh, "Signedfirst", "rajesh.signed.first@example.co.uk");
    const visitor = new Visitor(server.url);
    const { id } = await start(visitor, person);
    expect((await sign(visitor, id, person)).status).toBe(200);
    await lettersBuilt(server.db, id);
    expect(await storedLetter(id)).toHaveLength(1);
    expect(await crmLetterEvents(id)).toHaveLength(0);

    expect((await syncCrm(visitor, id)).status).toBe(200);
    const [event] = await until(async () => ((await crmLetterEvents(id)).length ? crmLetterEvents(id) : undefined));
    expect(event.data.document.sha256).toBe((await storedLetter(id))[0].sha256);
  });

  it("is built for a reader who comes before the job, and the job then keeps that same file", async () => {
    const person = withSurname(PEOPLE.siobhan, "Earlyreader", "siobhan.early.reader@example.co.uk");
    const visitor = new Visitor(server.url);
    const { id } = await start(visitor, person);
    expect((await sign(visitor, id, person)).status).toBe(200);
    await lettersBuilt(server.db, id);
    expect((await setUpAccount(visitor, id, "correct horse battery")).status).toBe(201);
    // As if the job had not run yet: no letter stored, the job due again.
    await server.db.query("DELETE FROM claim_documents WHERE claim_request_id = $1", [id]);

    const portal = await visitor.get("/api/portal/claims");
    expect(portal.body.claimRequests[0].documents.map((d: { kind: string }) => d.kind)).toContain("letter-of-authority");
    const download = await fetch(`${server.url}/api/privacy/letter-of-authority/${id}`, { headers: { cookie: visitor.cookieHeader() } });
    expect(download.status).toBe(200);
    const pdf = Buffer.from(await download.arrayBuffer());
    expect((await readPdf(pdf)).text).toContain(`${person.firstName} Earlyreader`);
    const [stored] = await storedLetter(id);
    expect(stored.sha256).toBe(createHash("sha256").update(pdf).digest("hex"));

    await server.db.query("UPDATE outbox SET delivered_at = NULL, next_attempt_at = now() WHERE claim_request_id = $1 AND topic = $2", [
      id,
      LETTER_OF_AUTHORITY_TOPIC,
    ]);
    await lettersBuilt(server.db, id);
    expect(await storedLetter(id)).toEqual([stored]);
  });

  it("is built again for a claim signed again, with the new identity", async () => {
    const person = withSurname(PEOPLE.amelia, "Firstname", "amelia.signs.again@example.co.uk");
    const visitor = new Visitor(server.url);
    const { id } = await start(visitor, person);
    expect((await sign(visitor, id, person, `typed:${person.firstName} Firstname`)).status).toBe(200);
    await lettersBuilt(server.db, id);
    const [first] = await storedLetter(id);

    const renamed = withSurname(person, "Secondname");
    expect((await sign(visitor, id, renamed, PNG_SIGNATURE)).status).toBe(200);
    expect(await letterJobs(id)).toBe(2);
    await lettersBuilt(server.db, id);
    const [second] = await storedLetter(id);
    expect(second.sha256).not.toBe(first.sha256);
    expect((await setUpAccount(visitor, id, "correct horse battery")).status).toBe(201);
    const download = await fetch(`${server.url}/api/privacy/letter-of-authority/${id}`, { headers: { cookie: visitor.cookieHeader() } });
    expect((await readPdf(new Uint8Array(await download.arrayBuffer()))).text).toContain("Secondname");
  });
  it("is not kept when a newer signing overtook its build (the newer signing's own build keeps its letter)", async () => {
    const person = withSurname(PEOPLE.amelia, "Overtaken", "amelia.overtaken@example.co.uk");
    const visitor = new Visitor(server.url);
    const { id } = await start(visitor, person);
    expect((await sign(visitor, id, person)).status).toBe(200);
    await lettersBuilt(server.db, id);
    // A build read the claim as signed then; meanwhile the claim is signed again, which drops the stored letter.
    const readByTheBuild = await findClaimRequestById(server.db, id);
    expect(readByTheBuild?.signature).toBeTruthy();
    await server.db.query("UPDATE claim_requests SET signature = 'sealed-newer-signature' WHERE id = $1", [id]);
    await server.db.query("DELETE FROM claim_documents WHERE claim_request_id = $1", [id]);
    const keyring = new DataKeyring([{ id: "t", key: Buffer.alloc(32, 7) }]);
    const oldLetter = new TextEncoder().encode("%PDF built from the old signature");

    expect(await keepFirstClaimDocument(server.db, keyring, id, "letter-of-authority", oldLetter, readByTheBuild!.signature!)).toBeNull();
    expect(await storedLetter(id)).toEqual([]);
    // A build from the signature the claim holds now is kept.
    const newLetter = new TextEncoder().encode("%PDF built from the newer signature");
    const kept = await keepFirstClaimDocument(server.db, keyring, id, "letter-of-authority", newLetter, "sealed-newer-signature");
    expect(kept?.toString()).toBe("%PDF built from the newer signature");
    expect((await storedLetter(id)).map((r) => r.sha256)).toEqual([createHash("sha256").update(newLetter).digest("hex")]);
  });
});
