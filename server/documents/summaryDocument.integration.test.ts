/**
 * The summary document end to end: moving on from the step that shows it (before the signature) emails its PDF
 * through the mail transport, once, and keeps a consent event with its text and the PDF's sha256. The PDF is read
 * back with a PDF parser (poppler's pdftotext) and holds the fee illustration computed from the company's fees. It is
 * kept sealed with the signed letter of authority, listed and served to its owner in the portal, listed in the export
 * and deleted by erasure.
 */
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG_SIGNATURE, Visitor, lettersBuilt, setUpAccount, startTestServer, type TestServer } from "../testing/harness";
import { readPdf } from "../testing/pdfText";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";

const CMCOB_FUNNEL = fileURLToPath(new URL("../../lint/fixtures/compliance/funnel.json", import.meta.url));
const FEES = {
  bands: [
    { from: 1, to: 1499, percent: 25, maxFee: 375 },
    { from: 1500, to: 24999, percent: 25, maxFee: 2500 },
    // Within the content's fee cap above £25,000 (the lint refuses a band over it).
    { from: 25000, to: 49999, percent: 20, maxFee: 7500 },
    { from: 50000, percent: 15, maxFee: 10000 },
  ],
  vatRate: 20,
  exampleRedress: { amount: 829, source: "FCA PS26/3, average redress per agreement" },
};

let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "definitions-summary-"));
  cpSync(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
  cpSync(CMCOB_FUNNEL, path.join(dir, "funnels", "cmcob-fixture.json"));
  const companyFile = path.join(dir, "companies", "fairway-legal.json");
  writeFileSync(companyFile, JSON.stringify({ ...JSON.parse(readFileSync(companyFile, "utf8")), fees: FEES }, null, 2));
  server = await startTestServer({ definitionsDir: dir });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const post = (visitor: Visitor, step: string, data: Record<string, unknown>, id?: string) =>
  visitor.post("/api/claim-requests", { version: "cmcob-fixture", step, data, ...(id ? { claim_request_id: id } : {}) });

describe("the summary document", () => {
  it("is emailed as a PDF once the step that shows it is left, with its sha256 in the consent record", async () => {
    const visitor = new Visitor(server.url);
    const email = "summary.reader@example.com";
    const created = await post(visitor, "about-you", {
      hadFinance: "yes",
      address: { postcode: "SW1A 2DX" },
      personalDetails: { firstName: "Sam" },
      contactDetails: { email },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(
      (await post(visitor, "free-routes", { freeRoutes: { confirmed: true, reason: "time", outstandingDebt: "no" } }, id)).status,
    ).toBe(200);
    const mails = async () => (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).body.mails as any[];
    expect(await mails()).toEqual([]);

    expect((await post(visitor, "summary", {}, id)).status).toBe(200);
    const [mail] = await mails();
    expect(mail.subject).toBe("Summary of our service");
    expect(mail.attachments).toHaveLength(1);
    const pdf = Buffer.from(mail.attachments[0].contentBase64, "base64");
    expect(mail.attachments[0]).toMatchObject({
      contentType: "application/pdf",
      filename: `summary-document-${created.body.claim_reference}.pdf`,
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const read = await readPdf(pdf);
    expect(read.title).toBe("Summary of our service");
    const text = read.text;
    expect(text).toContain("Summary of our service");
    expect(text).toContain("We complain to your lenders for you.");
    expect(text).toContain("Redress £829: Fee £207.25, VAT £41.45, Total £248.70, You keep £580.30");
    expect(text).toContain("FCA PS26/3, average redress per agreement");
    expect(text).toContain("You can cancel within 14 days at no cost.");

    const { rows } = await server.db.query<{ step_id: string; text: string }>(
      `SELECT e.step_id, t.text FROM consent_events e JOIN consent_texts t ON t.hash = e.text_hash WHERE e.claim_request_id = $1 AND e.kind = 'summary-document'`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].step_id).toBe("summary");
    expect(rows[0].text).toContain(`PDF sha256: ${createHash("sha256").update(pdf).digest("hex")}`);
    expect(rows[0].text).toContain("Redress £829: Fee £207.25");

    // Leaving the step again sends nothing more.
    expect((await post(visitor, "summary", {}, id)).status).toBe(200);
    expect(await mails()).toHaveLength(1);

    // Signed, and with an account: the portal lists both stored PDFs, kept sealed, and serves the summary as emailed.
    expect((await post(visitor, "signature", { signature: PNG_SIGNATURE }, id)).status).toBe(200);
    expect((await setUpAccount(visitor, id, "correct horse battery")).status).toBe(201);
    await lettersBuilt(server.db, id);
    const stored = await server.db.query<{ kind: string; sealed: string }>(
      "SELECT kind, sealed FROM claim_documents WHERE claim_request_id = $1 ORDER BY kind",
      [id],
    );
    expect(stored.rows.map((r) => r.kind)).toEqual(["letter-of-authority", "summary-document"]);
    for (const row of stored.rows) expect(row.sealed).toMatch(/^enc1:/);
    const portal = await visitor.get("/api/portal/claims");
    expect(portal.body.claimRequests[0].documents).toEqual([
      { kind: "letter-of-authority", label: "Letter of authority", href: `/api/privacy/letter-of-authority/${id}` },
      { kind: "summary-document", label: "Summary document", href: `/api/privacy/summary-document/${id}` },
    ]);
    const download = await fetch(`${server.url}/api/privacy/summary-document/${id}`, { headers: { cookie: visitor.cookieHeader() } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="summary-document-${created.body.claim_reference}.pdf"`);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    // The export lists both documents; erasure deletes both.
    const exported = await visitor.get("/api/privacy/export");
    expect(exported.body.claim_requests[0].documents.map((d: { kind: string; sha256: string }) => [d.kind, d.sha256])).toEqual([
      ["letter-of-authority", expect.stringMatching(/^[0-9a-f]{64}$/)],
      ["summary-document", createHash("sha256").update(pdf).digest("hex")],
    ]);
    const erased = await visitor.post("/api/privacy/erase", { password: "correct horse battery" });
    expect(erased.body.erased).toMatchObject({ documentsDeleted: 2 });
    expect((await server.db.query("SELECT 1 FROM claim_documents WHERE claim_request_id = $1", [id])).rows).toHaveLength(0);
  });
});
