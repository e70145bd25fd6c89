/**
 * Signatures at rest: the raw row holds ciphertext bound to its claim request,
 * unreadable without the key; the owner still gets the signature back; key
 * rotation re-encrypts every value (and any stored before encryption) so the
 * old key can be removed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, PNG_SIGNATURE, Visitor, formData, startTestServer, type TestServer } from "../testing/harness";
import { DataKeyring } from "./dataEncryption";
import { rotateSealedColumns, valuesNeedingOldKeys } from "./rotate";
import { openSignature, sealSignature } from "./sealedColumns";

const OLD = `old:${Buffer.alloc(32, 1).toString("base64")}`;
const NEW = `new:${Buffer.alloc(32, 2).toString("base64")}`;
let server: TestServer;
let visitor: Visitor;
let claimId: string;

async function rawSignature(id: string): Promise<string> {
  return (await server.db.query<{ signature: string }>("SELECT signature FROM claim_requests WHERE id = $1", [id])).rows[0].signature;
}

async function signedClaim(v: Visitor, signature: string): Promise<string> {
  const created = await v.post("/api/claim-requests", { version: "v3b", step: "personal-details", data: formData(PEOPLE.amelia) });
  const signed = await v.post("/api/claim-requests", { version: "v3b", step: "signature", claim_request_id: created.body.id, data: { signature } });
  expect(signed.status).toBe(200);
  return created.body.id;
}

beforeAll(async () => {
  server = await startTestServer({ env: { DATA_ENCRYPTION_KEYS: OLD } });
  visitor = new Visitor(server.url);
  claimId = await signedClaim(visitor, PNG_SIGNATURE);
}, 90_000);
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

  it("the owner gets the signature back; nobody else does", async () => {
    expect((await visitor.get(`/api/claim-requests/${claimId}`)).body.signature).toBe(PNG_SIGNATURE);
    expect((await visitor.get(`/api/claim-requests/${claimId}/form-data`)).body.data.signature).toBe(PNG_SIGNATURE);
    expect((await new Visitor(server.url).get(`/api/claim-requests/${claimId}/form-data`)).status).toBe(404);
  });

  it("rotation re-encrypts every value with the new key, including one stored before encryption; then the old key can go", async () => {
    const legacy = await signedClaim(new Visitor(server.url), PNG_SIGNATURE);
    await server.db.query("UPDATE claim_requests SET signature = $2 WHERE id = $1", [legacy, "typed:Amelia Hargreaves"]);
    const rotating = DataKeyring.parse(`${NEW},${OLD}`);
    expect(await valuesNeedingOldKeys(server.db, rotating)).toBe(2);

    const counts = await rotateSealedColumns(server.db, rotating);
    expect(counts).toEqual([{ column: "claim_requests.signature", checked: 2, reencrypted: 1, encryptedFirstTime: 1 }]);
    expect(await valuesNeedingOldKeys(server.db, rotating)).toBe(0);
    expect(await rotateSealedColumns(server.db, rotating)).toEqual([{ column: "claim_requests.signature", checked: 2, reencrypted: 0, encryptedFirstTime: 0 }]);

    const newOnly = DataKeyring.parse(NEW);
    expect(await rawSignature(claimId)).toMatch(/^enc1:new:/);
    expect(openSignature(newOnly, claimId, await rawSignature(claimId))).toBe(PNG_SIGNATURE);
    expect(openSignature(newOnly, legacy, await rawSignature(legacy))).toBe("typed:Amelia Hargreaves");
    const rotated = await rawSignature(claimId);
    expect(() => openSignature(DataKeyring.parse(OLD), claimId, rotated)).toThrow(/no key "new"/);
  });

  it("a value sealed for one row is refused for another", () => {
    const keyring = DataKeyring.parse(NEW);
    const sealed = sealSignature(keyring, claimId, PNG_SIGNATURE);
    expect(() => openSignature(keyring, "11111111-1111-4111-8111-111111111111", sealed)).toThrow(/integrity/);
  });
});
