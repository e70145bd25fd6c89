/**
 * Consent evidence, export and erasure end to end: consents recorded with the
 * text the server derives (never the browser's), the export holds the
 * consumer's data and consent texts, erasure removes personal data, ends every
 * session and sign-in, keeps anonymous counts, and leaves another consumer alone.
 * The operator command does the same by email.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PEOPLE,
  PNG_SIGNATURE,
  Visitor,
  confirmEmail,
  createSignedClaim,
  formData,
  startTestServer,
  withSurname,
  type TestServer,
  setUpAccount,
} from "./testing/harness";
import { consentsCommand, eraseCommand, exportCommand } from "./commands/subjectRights";
import { DataKeyring } from "./crypto/dataEncryption";
import { loadDefinitions } from "./definitions";
import { FIXTURE_DEFINITIONS_DIR } from "../test-fixtures/definitions";
import { funnelForBrand } from "./content/brandContent";
import { consentTextHash } from "./privacy/consentEvents";
import { shownConsentText } from "./privacy/consentText";

const PASSWORD = "correct horse battery";
const A = withSurname(PEOPLE.amelia, "Hargreaves", "amelia.rights@example.co.uk");
const B = withSurname(PEOPLE.rajesh, "Chaudhary", "rajesh.rights@example.com");
let server: TestServer;
let a: Visitor;
let b: Visitor;
let aClaim: { id: string; claim_reference: string };
let bClaim: { id: string; claim_reference: string };

async function signUp(visitor: Visitor, person: typeof A) {
  const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) });
  expect(created.status).toBe(201);
  const claim = { id: created.body.id as string, claim_reference: created.body.claim_reference as string };
  // Signed once, drawn (a second signature would be a second letter of authority).
  expect(
    (
      await visitor.post("/api/claim-requests", {
        version: "t1",
        step: "signature",
        claim_request_id: claim.id,
        data: { signature: PNG_SIGNATURE },
      })
    ).status,
  ).toBe(200);
  expect((await visitor.post("/api/credit-check/run", { claim_request_id: claim.id })).status).toBe(200);
  expect((await setUpAccount(visitor, claim.id, PASSWORD)).status).toBe(201);
  return claim;
}

const mailsTo = async (email: string) =>
  (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).body.mails as { subject: string; text: string }[];

/** A confirmed payout account, then an email change left waiting for its code. */
async function payoutAndPendingChange(visitor: Visitor, person: typeof A, accountName: string) {
  expect(
    (await visitor.post("/api/portal/payout-account", { account_name: accountName, sort_code: "08-99-99", account_number: "6637 4958" }))
      .status,
  ).toBe(200);
  const mail = (await mailsTo(person.email)).find((m) => /confirmation code/.test(m.subject))!;
  const code = /\b(\d{6})\b/.exec(mail.text)![1];
  expect((await visitor.post("/api/portal/payout-account/confirm", { code })).status).toBe(200);
  expect((await visitor.post("/api/portal/contact/email", { email: `new.${person.email}`, password: PASSWORD })).status).toBe(200);
}

const userIdOf = async (email: string) =>
  (await server.db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email])).rows[0].id;
const rowsOf = async (table: string, userId: string) =>
  (await server.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [userId])).rows.length;

beforeAll(async () => {
  server = await startTestServer();
  a = new Visitor(server.url);
  b = new Visitor(server.url);
  aClaim = await signUp(a, A);
  bClaim = await signUp(b, B);
  await payoutAndPendingChange(a, A, "Amelia Hargreaves");
  await payoutAndPendingChange(b, B, "Rajesh Chaudhary");
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("consent evidence", () => {
  it("records terms and privacy, the soft credit search and the letter of authority with the text the server derives", async () => {
    const { funnels, brands, content } = await loadDefinitions(FIXTURE_DEFINITIONS_DIR);
    const brand = brands.find((x) => x.isDefault)!;
    const shown = funnelForBrand(
      funnels.find((f) => f.version === "t1")!,
      brand,
      content,
    );
    const terms = shownConsentText(shown, brand, "contactDetails.isTermsPolicyAgreed", content)!;
    const authority = shownConsentText(shown, brand, "signature", content)!;
    const { rows } = await server.db.query<{
      kind: string;
      brand_id: string;
      funnel_version: string;
      step_id: string;
      text_hash: string;
      text: string;
    }>(
      `SELECT e.kind, e.brand_id, e.funnel_version, e.step_id, e.text_hash, t.text FROM consent_events e JOIN consent_texts t ON t.hash = e.text_hash
       WHERE e.claim_request_id = $1 ORDER BY e.kind`,
      [aClaim.id],
    );
    expect(rows).toEqual([
      {
        kind: "credit-search",
        brand_id: brand.brandId,
        funnel_version: "t1",
        step_id: terms.stepId,
        text_hash: consentTextHash(terms.text),
        text: terms.text,
      },
      {
        kind: "letter-of-authority",
        brand_id: brand.brandId,
        funnel_version: "t1",
        step_id: authority.stepId,
        text_hash: consentTextHash(authority.text),
        text: authority.text,
      },
      {
        kind: "terms-privacy",
        brand_id: brand.brandId,
        funnel_version: "t1",
        step_id: terms.stepId,
        text_hash: consentTextHash(terms.text),
        text: terms.text,
      },
    ]);
    // Rendered: the brand's name filled in, no placeholders left.
    expect(terms.text).toContain(brand.brandName);
    expect(terms.text).not.toMatch(/[{}]/);
    expect(terms.stepId).not.toBe(authority.stepId);
  });

  it("keeps each text once however many consumers saw it, and one event per kind however often a step is sent", async () => {
    const texts = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM consent_texts");
    const events = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM consent_events");
    expect(texts.rows[0].n).toBe(2);
    expect(events.rows[0].n).toBe(6);
  });

  it("never takes consent text from the browser", async () => {
    const res = await new Visitor(server.url).post("/api/claim-requests", {
      version: "t1",
      step: "personal-details",
      data: formData(PEOPLE.siobhan),
      consentText: "I agree to anything",
    });
    expect(res.status).toBe(400);
  });
});

describe("export", () => {
  it("holds the consumer's details, claims and consent texts, and only theirs", async () => {
    const res = await a.get("/api/privacy/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.body;
    expect(data.account).toMatchObject({ email: A.email });
    expect(data.claim_requests).toHaveLength(1);
    expect(data.claim_requests[0]).toMatchObject({
      claim_reference: aClaim.claim_reference,
      first_name: A.firstName,
      last_name: A.lastName,
      date_of_birth: A.dateOfBirth,
      email: A.email,
      address: { postcode: "SW1A 2DX" },
      signature: { format: "png", file: `signature-${aClaim.claim_reference}.png` },
    });
    // The stored letter of authority is listed (its PDF downloads from the portal), never its sealed bytes.
    expect(data.claim_requests[0].documents).toEqual([
      {
        kind: "letter-of-authority",
        file: `letter-of-authority-${aClaim.claim_reference}.pdf`,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(data)).not.toContain("enc1:");
    expect(data.claim_requests[0].claims.length).toBeGreaterThan(0);
    expect(data.consent_events.map((e: { kind: string }) => e.kind).sort()).toEqual([
      "credit-search",
      "letter-of-authority",
      "terms-privacy",
    ]);
    expect(data.consent_events.every((e: { text: string }) => e.text.length > 20)).toBe(true);
    expect(data.credit_checks).toHaveLength(1);
    // The agreements found, decrypted; nothing sealed is handed out.
    const lenders = (
      await server.db.query<{ lender_name: string }>(
        "SELECT lender_name FROM claims WHERE claim_request_id = $1 AND source = 'credit-check'",
        [aClaim.id],
      )
    ).rows;
    expect(lenders.length).toBeGreaterThan(0);
    expect(data.credit_checks[0].agreements.map((x: { lender_name: string }) => x.lender_name).sort()).toEqual(
      lenders.map((l) => l.lender_name).sort(),
    );
    expect(data.credit_checks[0]).not.toHaveProperty("agreements_sealed");
    expect(JSON.stringify(data)).not.toContain("enc1:");
    // The payout account masked, the pending change named but not shown.
    expect(data.payout_account).toMatchObject({ sort_code: "••-••-99", account_number: "••••4958" });
    expect(data.pending_confirmations).toMatchObject([{ purpose: "email" }]);
    expect(JSON.stringify(data)).not.toContain("66374958");
    expect(JSON.stringify(data)).not.toContain(`new.${A.email}`);
    expect(JSON.stringify(data)).not.toContain(B.email);
  });

  it("gives the signature as a PNG file", async () => {
    const res = await a.raw(`/api/privacy/signature/${aClaim.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(PNG_SIGNATURE.split(",")[1], "base64"));
    expect((await b.get(`/api/privacy/signature/${aClaim.id}`)).status).toBe(404);
  });
});

describe("erasure from the portal", () => {
  it("asks for the password again", async () => {
    const res = await a.post("/api/privacy/erase", { password: "not my password" });
    expect(res.status).toBe(403);
    expect((await a.get("/api/me")).status).toBe(200);
  });

  it("erases personal data, signs out everywhere, keeps anonymous counts, and leaves B alone", async () => {
    // Signing in on another device needs the email verified first.
    await confirmEmail(server.url, A.email, PASSWORD);
    const elsewhere = new Visitor(server.url);
    expect((await elsewhere.post("/api/auth/login", { email: A.email, password: PASSWORD })).status).toBe(200);
    const aUser = await userIdOf(A.email);
    const bUser = await userIdOf(B.email);
    expect(await rowsOf("payout_accounts", aUser)).toBe(1);
    expect(await rowsOf("pending_confirmations", aUser)).toBe(1);
    // Answers kept for retries: A's as a user and from A's funnel session, and B's.
    const aFunnel = (await server.db.query<{ h: string }>("SELECT funnel_session_hash AS h FROM claim_requests WHERE id = $1", [aClaim.id]))
      .rows[0].h;
    for (const [key, owner] of [
      ["a-user", `user:${aUser}`],
      ["a-funnel", `session:${aFunnel}`],
      ["b-user", `user:${bUser}`],
    ]) {
      await server.db.query(
        "INSERT INTO idempotency_keys (route, key, fingerprint, owner, state, response) VALUES ('POST /test', $1, 'f', $2, 'done', 'sealed')",
        [key, owner],
      );
    }
    const claimsBefore = (await server.db.query("SELECT lender_name FROM claims WHERE claim_request_id = $1", [aClaim.id])).rows;

    const res = await a.post("/api/privacy/erase", { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.erased).toMatchObject({
      account: "deleted",
      // This browser, the one that confirmed the email, and the other device.
      sessionsEnded: 3,
      claimRequestsErased: 1,
      creditReportsDeleted: 1,
      payoutAccountsDeleted: 1,
      pendingConfirmationsDeleted: 1,
      funnelSessionsEnded: 1,
      idempotencyKeysDeleted: 2,
      documentsDeleted: 1,
    });
    expect((await server.db.query("SELECT 1 FROM claim_documents WHERE claim_request_id = $1", [aClaim.id])).rows).toHaveLength(0);
    expect((await fetch(`${server.url}/api/privacy/letter-of-authority/${aClaim.id}`)).status).toBe(401);

    expect((await a.get("/api/me")).status).toBe(401);
    expect((await elsewhere.get("/api/me")).status).toBe(401);
    expect((await new Visitor(server.url).post("/api/auth/login", { email: A.email, password: PASSWORD })).status).toBe(401);

    const row = (await server.db.query<Record<string, unknown>>("SELECT * FROM claim_requests WHERE id = $1", [aClaim.id])).rows[0];
    expect(row).toMatchObject({
      title: null,
      first_name: null,
      last_name: null,
      date_of_birth: null,
      email: null,
      phone_number: null,
      signature: null,
      address: {},
      user_id: null,
    });
    expect(row.erased_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toMatch(new RegExp(`${A.firstName}|${A.lastName}|${A.email}|SW1A|07700`));
    expect((await server.db.query("SELECT 1 FROM users WHERE email = $1", [A.email])).rows).toHaveLength(0);
    expect(
      (
        await server.db.query(
          "SELECT 1 FROM credit_checks WHERE claim_request_id = $1 AND (report IS NOT NULL OR agreements_sealed IS NOT NULL)",
          [aClaim.id],
        )
      ).rows,
    ).toHaveLength(0);
    for (const table of ["payout_accounts", "pending_confirmations", "email_verifications"]) expect(await rowsOf(table, aUser)).toBe(0);
    expect((await server.db.query<{ key: string }>("SELECT key FROM idempotency_keys WHERE route = 'POST /test'")).rows).toEqual([
      { key: "b-user" },
    ]);
    expect(
      (
        await server.db.query(
          "SELECT 1 FROM funnel_sessions f JOIN claim_requests c ON c.funnel_session_hash = f.token_hash WHERE c.id = $1",
          [aClaim.id],
        )
      ).rows,
    ).toHaveLength(0);
    // Anonymous counts and the consent evidence stay.
    expect((await server.db.query("SELECT lender_name FROM claims WHERE claim_request_id = $1", [aClaim.id])).rows).toEqual(claimsBefore);
    expect((await server.db.query("SELECT 1 FROM consent_events WHERE claim_request_id = $1", [aClaim.id])).rows).toHaveLength(3);

    // B's payout account and pending change are untouched, and still open with B's key.
    expect(await rowsOf("payout_accounts", bUser)).toBe(1);
    expect(await rowsOf("pending_confirmations", bUser)).toBe(1);
    expect((await b.get("/api/portal/payout-account")).body).toMatchObject({ account: { account_number: "••••4958" } });
    expect(
      (await server.db.query("SELECT 1 FROM credit_checks WHERE claim_request_id = $1 AND agreements_sealed IS NOT NULL", [bClaim.id]))
        .rows,
    ).toHaveLength(1);
    const bPortal = await b.get("/api/portal/claims");
    expect(bPortal.status).toBe(200);
    expect(bPortal.body.claimRequests).toMatchObject([{ id: bClaim.id, first_name: B.firstName, email: B.email, signed: true }]);
    expect((await b.get("/api/privacy/export")).body.claim_requests[0].signature).toMatchObject({ format: "png" });
    expect((await server.db.query("SELECT 1 FROM claim_documents WHERE claim_request_id = $1", [bClaim.id])).rows).toHaveLength(1);
  });
});

describe("the operator command, by email", () => {
  it("prints a claim's consent record", async () => {
    const lines = await consentsCommand(server.db, bClaim.claim_reference);
    expect(lines[0]).toBe(`consent record of ${bClaim.claim_reference} (${bClaim.id}), brand fairdrive, funnel t1: 3 event(s)`);
    expect(lines.filter((l) => /^(terms-privacy|credit-search|letter-of-authority) {2}given /.test(l))).toHaveLength(3);
    expect(await consentsCommand(server.db, "XX-NOTHING")).toEqual(["no claim request XX-NOTHING"]);
  });

  it("exports, then erases a consumer who never made an account, saying what it did", async () => {
    // This claim request never reached a CRM, so there is none to tell.
    const NO_CRM = { brands: [], crm: new Map() };
    const person = withSurname(PEOPLE.siobhan, "Postal", "by.post@example.org");
    const { id } = await createSignedClaim(new Visitor(server.url), person);
    const out = mkdtempSync(path.join(tmpdir(), "subject-export-"));
    try {
      const lines = await exportCommand(server.db, DataKeyring.development(), person.email, out);
      expect(lines[0]).toMatch(/data\.json: account none, 1 claim request\(s\), 3 consent event\(s\)$/);
      expect(readdirSync(out)).toEqual(["data.json"]);
      expect(JSON.parse(readFileSync(path.join(out, "data.json"), "utf8")).claim_requests[0]).toMatchObject({ id, last_name: "Postal" });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    expect(await eraseCommand(server.db, person.email, false, NO_CRM)).toEqual([
      "would erase: account none, 1 claim request(s); run again with --yes to erase",
    ]);
    const erased = await eraseCommand(server.db, person.email, true, NO_CRM);
    expect(erased[0]).toBe(`erased ${person.email}: account none, 0 session(s) ended, 1 claim request(s) erased,`);
    expect((await server.db.query("SELECT last_name FROM claim_requests WHERE id = $1", [id])).rows).toEqual([{ last_name: null }]);
    expect(await eraseCommand(server.db, person.email, true, NO_CRM)).toEqual([`nothing held for ${person.email}`]);
  });
});
