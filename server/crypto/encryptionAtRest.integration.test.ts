/**
 * Signatures at rest: the raw row holds ciphertext bound to its claim request,
 * unreadable without the key; the owner still gets the signature back; key
 * rotation re-encrypts every value of every sealed column (signatures, the
 * agreements a credit check found, payout accounts, answers kept for retries,
 * the stored letters of authority; and any signature stored before encryption) so the old key can be removed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedAgreements } from "../credit/search";
import { readPayoutAccount } from "../portal/payoutAccount";
import {
  PEOPLE,
  PNG_SIGNATURE,
  Visitor,
  createSignedClaim,
  formData,
  lettersBuilt,
  startTestServer,
  withSurname,
  type TestServer,
  setUpAccount,
} from "../testing/harness";
import { DataKeyring } from "./dataEncryption";
import { rotateSealedColumns, valuesNeedingOldKeys } from "./rotate";
import { openClaimDocument } from "../documents/claimDocuments";
import { CLAIM_DOCUMENT_COLUMN, IDEMPOTENT_ANSWER_COLUMN, openSignature, sealSignature } from "./sealedColumns";

const OLD = `old:${Buffer.alloc(32, 1).toString("base64")}`;
const NEW = `new:${Buffer.alloc(32, 2).toString("base64")}`;
let server: TestServer;
let visitor: Visitor;
let claimId: string;
/** A claimant with a credit check (run with an Idempotency-Key) and a confirmed payout account. */
let payee: { claimId: string; userId: string };
const PAYEE = withSurname(PEOPLE.rajesh, "Sealed", "rajesh.sealed@example.com");
const ACCOUNT = { account_name: "Rajesh Sealed", sort_code: "089999", account_number: "66374958" };
const RUN_KEY = "rotation-test-run-1";
const RUN_ROUTE = "POST /credit-check/run";

async function rawSignature(id: string): Promise<string> {
  return (await server.db.query<{ signature: string }>("SELECT signature FROM claim_requests WHERE id = $1", [id])).rows[0].signature;
}

async function signedClaim(v: Visitor, signature: string): Promise<string> {
  const created = await v.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(PEOPLE.amelia) });
  const signed = await v.post("/api/claim-requests", {
    version: "t1",
    step: "signature",
    claim_request_id: created.body.id,
    data: { signature },
  });
  expect(signed.status).toBe(200);
  return created.body.id;
}

beforeAll(async () => {
  server = await startTestServer({ env: { DATA_ENCRYPTION_KEYS: OLD } });
  visitor = new Visitor(server.url);
  claimId = await signedClaim(visitor, PNG_SIGNATURE);
  await lettersBuilt(server.db, claimId);
  const payeeVisitor = new Visitor(server.url);
  const claim = await createSignedClaim(payeeVisitor, PAYEE);
  const run = await payeeVisitor.post("/api/credit-check/run", { claim_request_id: claim.id }, { headers: { "Idempotency-Key": RUN_KEY } });
  expect(run.status).toBe(200);
  expect((await setUpAccount(payeeVisitor, claim.id, "correct horse battery")).status).toBe(201);
  expect((await payeeVisitor.post("/api/portal/payout-account", ACCOUNT)).status).toBe(200);
  const mails = (await payeeVisitor.get(`/api/dev/mail?to=${encodeURIComponent(PAYEE.email)}`)).body.mails as {
    subject: string;
    text: string;
  }[];
  const code = /\b(\d{6})\b/.exec(mails.find((m) => /confirmation code/.test(m.subject))!.text)![1];
  expect((await payeeVisitor.post("/api/portal/payout-account/confirm", { code })).status).toBe(200);
  const user = await server.db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [PAYEE.email]);
  payee = { claimId: claim.id, userId: user.rows[0].id };
}, 90_000);

async function rawAgreements(): Promise<string> {
  return (
    await server.db.query<{ a: string }>("SELECT agreements_sealed AS a FROM credit_checks WHERE claim_request_id = $1", [payee.claimId])
  ).rows[0].a;
}
async function rawPayout(): Promise<string> {
  return (await server.db.query<{ sealed: string }>("SELECT sealed FROM payout_accounts WHERE user_id = $1", [payee.userId])).rows[0]
    .sealed;
}
async function rawAnswer(): Promise<string> {
  return (
    await server.db.query<{ response: string }>("SELECT response FROM idempotency_keys WHERE route = $1 AND key = $2", [RUN_ROUTE, RUN_KEY])
  ).rows[0].response;
}
const agreementsWith = (keyring: DataKeyring, sealed: string) =>
  storedAgreements({ dataKeyring: keyring }, { agreements_sealed: sealed, claim_request_id: payee.claimId });
afterAll(async () => {
  await server?.stop();
});

describe("signatures encrypted at rest", () => {
  it("the raw row holds AES-GCM ciphertext under the current key, not the image", async () => {
    const raw = await rawSignature(claimId);
    expect(raw).toMatch(/^enc1:old:/);
    expect(raw).not.toContain(PNG_SIGNATURE.slice(22, 60));
    expect(raw).not.toContain("image/png");
  });

  it("is unreadable without the key, or moved to another row", async () => {
    const raw = await rawSignature(claimId);
    expect(() => openSignature(DataKeyring.parse(NEW), claimId, raw)).toThrow(/no key "old"/);
    expect(() => openSignature(DataKeyring.development(), claimId, raw)).toThrow();
    expect(() => openSignature(DataKeyring.parse(OLD), "00000000-0000-4000-8000-000000000000", raw)).toThrow(/integrity/);
    expect(openSignature(DataKeyring.parse(OLD), claimId, raw)).toBe(PNG_SIGNATURE);
  });

  it("the stored letter of authority is ciphertext under the current key, bound to its claim request", async () => {
    const { rows } = await server.db.query<{ sealed: string }>("SELECT sealed FROM claim_documents WHERE claim_request_id = $1", [claimId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].sealed).toMatch(/^enc1:old:/);
    expect(Buffer.from(rows[0].sealed).includes("%PDF")).toBe(false);
    const other = "00000000-0000-4000-8000-000000000000";
    expect(() => DataKeyring.parse(OLD).decrypt(rows[0].sealed, CLAIM_DOCUMENT_COLUMN.context(other, "letter-of-authority"))).toThrow(
      /integrity/,
    );
    expect((await openClaimDocument(server.db, DataKeyring.parse(OLD), claimId, "letter-of-authority"))?.subarray(0, 5).toString()).toBe(
      "%PDF-",
    );
  });

  it("the agreements a credit check found, the payout account and a kept answer are ciphertext, unreadable without the key", async () => {
    const agreements = await rawAgreements();
    expect(agreements).toMatch(/^enc1:old:/);
    expect(() => agreementsWith(DataKeyring.parse(NEW), agreements)).toThrow(/no key "old"/);
    const found = agreementsWith(DataKeyring.parse(OLD), agreements);
    expect(found.length).toBeGreaterThan(0);
    for (const a of found) expect(agreements).not.toContain(a.lender_name);

    const payout = await rawPayout();
    expect(payout).toMatch(/^enc1:old:/);
    expect(payout).not.toContain(ACCOUNT.account_number);
    await expect(readPayoutAccount(server.db, DataKeyring.parse(NEW), payee.userId)).rejects.toThrow(/no key "old"/);
    expect(await readPayoutAccount(server.db, DataKeyring.parse(OLD), payee.userId)).toMatchObject(ACCOUNT);

    expect(await rawAnswer()).toMatch(/^enc1:old:/);
  });

  it("the owner gets the signature back; nobody else does", async () => {
    expect((await visitor.get(`/api/claim-requests/${claimId}`)).body.signature).toBe(PNG_SIGNATURE);
    expect((await visitor.get(`/api/claim-requests/${claimId}/form-data`)).body.data.signature).toBe(PNG_SIGNATURE);
    expect((await new Visitor(server.url).get(`/api/claim-requests/${claimId}/form-data`)).status).toBe(404);
  });

  it("rotation re-encrypts every value with the new key, including one stored before encryption; then the old key can go", async () => {
    const legacy = await signedClaim(new Visitor(server.url), PNG_SIGNATURE);
    await server.db.query("UPDATE claim_requests SET signature = $2 WHERE id = $1", [legacy, "typed:Amelia Hargreaves"]);
    const rotating = DataKeyring.parse(`${NEW},${OLD}`);
    // Signatures: this file's two, the payee's and the legacy one; one agreements row, one payout account, one kept answer;
    // the three signed claims' stored letters of authority.
    expect(await valuesNeedingOldKeys(server.db, rotating)).toBe(9);

    const counts = await rotateSealedColumns(server.db, rotating);
    expect(counts).toEqual([
      { column: "claim_requests.signature", checked: 3, reencrypted: 2, encryptedFirstTime: 1 },
      // The shipped funnel's fields all have columns of their own (answers are covered in claims/answers.integration.test.ts).
      { column: "claim_requests.answers_sealed", checked: 0, reencrypted: 0, encryptedFirstTime: 0 },
      { column: "credit_checks.agreements_sealed", checked: 1, reencrypted: 1, encryptedFirstTime: 0 },
      { column: "payout_accounts.sealed", checked: 1, reencrypted: 1, encryptedFirstTime: 0 },
      { column: "pending_confirmations.sealed_change", checked: 0, reencrypted: 0, encryptedFirstTime: 0 },
      { column: "idempotency_keys.response", checked: 1, reencrypted: 1, encryptedFirstTime: 0 },
      { column: "operators.totp_secret_sealed", checked: 0, reencrypted: 0, encryptedFirstTime: 0 },
      { column: "claim_documents.sealed", checked: 3, reencrypted: 3, encryptedFirstTime: 0 },
    ]);
    expect(await valuesNeedingOldKeys(server.db, rotating)).toBe(0);
    expect((await rotateSealedColumns(server.db, rotating)).map((c) => c.reencrypted + c.encryptedFirstTime)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0,
    ]);

    const newOnly = DataKeyring.parse(NEW);
    expect(await rawSignature(claimId)).toMatch(/^enc1:new:/);
    expect(openSignature(newOnly, claimId, await rawSignature(claimId))).toBe(PNG_SIGNATURE);
    expect(openSignature(newOnly, legacy, await rawSignature(legacy))).toBe("typed:Amelia Hargreaves");
    const rotated = await rawSignature(claimId);
    expect(() => openSignature(DataKeyring.parse(OLD), claimId, rotated)).toThrow(/no key "new"/);

    // The other columns open with the new key alone, and no longer with the old one.
    const agreements = await rawAgreements();
    expect(agreements).toMatch(/^enc1:new:/);
    expect(agreementsWith(newOnly, agreements).length).toBeGreaterThan(0);
    expect(() => agreementsWith(DataKeyring.parse(OLD), agreements)).toThrow(/no key "new"/);
    expect(await rawPayout()).toMatch(/^enc1:new:/);
    expect(await readPayoutAccount(server.db, newOnly, payee.userId)).toMatchObject(ACCOUNT);
    await expect(readPayoutAccount(server.db, DataKeyring.parse(OLD), payee.userId)).rejects.toThrow(/no key "new"/);
    const answer = JSON.parse(newOnly.decryptString(await rawAnswer(), IDEMPOTENT_ANSWER_COLUMN.context(RUN_ROUTE, RUN_KEY)));
    expect(answer).toMatchObject({ status: 200 });
    const letter = await openClaimDocument(server.db, newOnly, claimId, "letter-of-authority");
    expect(letter?.subarray(0, 5).toString()).toBe("%PDF-");
    await expect(openClaimDocument(server.db, DataKeyring.parse(OLD), claimId, "letter-of-authority")).rejects.toThrow(/no key "new"/);
  });

  it("a value sealed for one row is refused for another", () => {
    const keyring = DataKeyring.parse(NEW);
    const sealed = sealSignature(keyring, claimId, PNG_SIGNATURE);
    expect(() => openSignature(keyring, "11111111-1111-4111-8111-111111111111", sealed)).toThrow(/integrity/);
  });
});
