/**
 * Answers follow the definition, on a fixture funnel of its own (answers-demo): a field no column
 * knows is stored by path, typed, sealed at rest; the portal lists it under its label; the CRM
 * receives it through the funnel's declared mapping; the lender picker's max and the password
 * field's rules are the server's limits; export and erasure cover the answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataKeyring } from "../crypto/dataEncryption";
import { rotateSealedColumns } from "../crypto/rotate";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { FIXTURE_FUNNELS_DIR } from "../testing/fixtureDefinitions";
import { Visitor, fixtureDefinitionsWith, startTestServer, type TestServer, setUpAccount } from "../testing/harness";
import { openAnswers } from "./answers";

const VERSION = "answers-demo";
const PERSON = {
  personalDetails: { firstName: " Imogen ", lastName: "Whitlock" },
  contactDetails: { email: "Imogen.Whitlock@example.org" },
  address: { flat: "4B" },
  vehicle: { registration: "  ab12   cde ", ownership: "sold" },
  oneTimeCode: "123456",
};

const LENDER_LIMIT = 3;
const LIMIT_MESSAGE = `You can choose up to ${LENDER_LIMIT} lenders.`;

/**
 * The tests' own definitions with the answers-demo funnel, its lender picker's max lowered below the fixture
 * catalogue's four lenders (the end-to-end spec walks the same funnel on the shipped catalogue and picks twelve).
 */
function definitionsWithAnswersDemo(): string {
  const dir = fixtureDefinitionsWith((brand) => brand);
  const funnel = JSON.parse(readFileSync(path.join(FIXTURE_FUNNELS_DIR, `${VERSION}.json`), "utf8"));
  for (const block of funnel.steps.flatMap((step: { blocks: { type: string; props: Record<string, unknown> }[] }) => step.blocks))
    if (block.type === "lenderPicker")
      Object.assign(block.props, {
        max: LENDER_LIMIT,
        limitMessage: LIMIT_MESSAGE,
        limitBanner: `You have chosen the most lenders you can: ${LENDER_LIMIT}.`,
      });
  writeFileSync(path.join(dir, "funnels", `${VERSION}.json`), JSON.stringify(funnel));
  return dir;
}

let definitionsDir: string;
let server: TestServer;
let visitor: Visitor;
let claimId: string;

async function storedRow(id: string) {
  const { rows } = await server.db.query<{ answers_sealed: string | null; first_name: string | null }>(
    "SELECT answers_sealed, first_name FROM claim_requests WHERE id = $1",
    [id],
  );
  return rows[0];
}

beforeAll(async () => {
  definitionsDir = definitionsWithAnswersDemo();
  server = await startTestServer({ definitionsDir });
  visitor = new Visitor(server.url);
  const created = await visitor.post("/api/claim-requests", { version: VERSION, step: "details", data: PERSON });
  expect(created.status).toBe(201);
  claimId = created.body.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (definitionsDir) rmSync(definitionsDir, { recursive: true, force: true });
});

describe("answers without a column of their own", () => {
  it("are stored by path, transformed and typed by kind, sealed at rest; a transient field is not stored", async () => {
    const row = await storedRow(claimId);
    expect(row.first_name).toBe("Imogen");
    expect(row.answers_sealed).toMatch(/^enc1:/);
    expect(row.answers_sealed).not.toContain("AB12");
    expect(openAnswers(DataKeyring.development(), claimId, row.answers_sealed)).toEqual({
      "vehicle.registration": "AB12 CDE",
      "vehicle.ownership": "sold",
      "address.flat": "4B",
    });
  });

  it("are checked against the definition's rules and options, with its messages", async () => {
    const bad = await visitor.post("/api/claim-requests", {
      version: VERSION,
      step: "details",
      claim_request_id: claimId,
      data: { ...PERSON, vehicle: { registration: "NOT A PLATE", ownership: "stolen" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      "vehicle.registration": "Enter a registration like AB12 CDE",
      "vehicle.ownership": "Please choose one of the options",
    });
    const unknown = await visitor.post("/api/claim-requests", {
      version: VERSION,
      step: "details",
      claim_request_id: claimId,
      data: { vehicle: { colour: "red" } },
    });
    expect(unknown.status).toBe(400);
  });

  it("a later submission lays its answers over the stored ones and a blank clears one", async () => {
    const updated = await visitor.post("/api/claim-requests", {
      version: VERSION,
      step: "details",
      claim_request_id: claimId,
      data: { ...PERSON, vehicle: { registration: "ab12cde" }, address: { flat: "" } },
    });
    expect(updated.status).toBe(200);
    const answers = openAnswers(DataKeyring.development(), claimId, (await storedRow(claimId)).answers_sealed);
    expect(answers).toEqual({ "vehicle.registration": "AB12CDE", "vehicle.ownership": "sold" });
    // Put the flat back for the rest of the suite.
    expect(
      (await visitor.post("/api/claim-requests", { version: VERSION, step: "details", claim_request_id: claimId, data: PERSON })).status,
    ).toBe(200);
  });

  it("come back as form data to their owner, and to nobody else", async () => {
    const mine = await visitor.get(`/api/claim-requests/${claimId}/form-data`);
    expect(mine.body.data).toMatchObject({ vehicle: { registration: "AB12 CDE", ownership: "sold" }, address: { flat: "4B" } });
    expect(mine.body.data.oneTimeCode).toBeUndefined();
    expect((await new Visitor(server.url).get(`/api/claim-requests/${claimId}/form-data`)).status).toBe(404);
  });

  it("reach the CRM through the funnel's declared mapping", async () => {
    const synced = await visitor.post("/api/crm/clients", { claim_request_id: claimId, brand_id: "ignored", provider_type: "ignored" });
    expect(synced.status).toBe(200);
    const { clients } = (await visitor.get(`/api/dev/crm?claim_request_id=${claimId}`)).body;
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({ claimRequestId: claimId, funnelVersion: VERSION });
    expect(clients[0].client).toEqual({
      first_name: "Imogen",
      last_name: "Whitlock",
      email: "imogen.whitlock@example.org",
      address: { flat: "4B" },
      vehicle: { registration: "AB12 CDE", ownership: "sold" },
    });
  });
});

describe("the server reads the definition's limits", () => {
  it("saves as many lenders as the picker's max and refuses one more, saving none of them", async () => {
    const { lenders } = (await visitor.get("/api/lenders")).body as { lenders: { id: string }[] };
    expect(lenders.length).toBeGreaterThanOrEqual(LENDER_LIMIT + 1);
    const tooMany = await visitor.post("/api/save-claims", {
      claim_request_id: claimId,
      manual_lender_ids: lenders.slice(0, LENDER_LIMIT + 1).map((l) => l.id),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: LIMIT_MESSAGE, maxLenders: LENDER_LIMIT });
    expect((await visitor.get(`/api/claim-requests/${claimId}`)).body.claims).toEqual([]);
    const atTheLimit = await visitor.post("/api/save-claims", {
      claim_request_id: claimId,
      manual_lender_ids: lenders.slice(0, LENDER_LIMIT).map((l) => l.id),
    });
    expect(atTheLimit.status).toBe(200);
    expect(atTheLimit.body.data.claims).toHaveLength(LENDER_LIMIT);
  });

  it("refuses a password the funnel's password field rules refuse, with the definition's message", async () => {
    const short = await setUpAccount(visitor, claimId, "eleven-char");
    expect(short).toMatchObject({ status: 400, body: { error: "Your password must be at least 12 characters" } });
    const ok = await setUpAccount(visitor, claimId, "a long enough passphrase");
    expect(ok.status).toBe(201);
  });
});

describe("the portal, export and erasure", () => {
  it("the portal lists the answers under the definition's labels, in its field order, options by label", async () => {
    const portal = await visitor.get("/api/portal/claims");
    expect(portal.status).toBe(200);
    expect(portal.body.claimRequests[0].answers).toEqual([
      { path: "vehicle.registration", label: "Your car's registration", kind: "text", value: "AB12 CDE" },
      { path: "vehicle.ownership", label: "Do you still have the car?", kind: "radio", value: "No, it was sold" },
      { path: "address.flat", label: "Flat number", kind: "text", value: "4B" },
    ]);
  });

  it("the export holds the answers; erasure removes them", async () => {
    const exported = await visitor.get("/api/privacy/export");
    expect(exported.body.claim_requests[0].answers).toEqual({
      "vehicle.registration": "AB12 CDE",
      "vehicle.ownership": "sold",
      "address.flat": "4B",
    });
    const erased = await visitor.post("/api/privacy/erase", { password: "a long enough passphrase" });
    expect(erased.status).toBe(200);
    expect((await storedRow(claimId)).answers_sealed).toBeNull();
  });
});

describe("key rotation", () => {
  it("re-encrypts the answers with the new key; they then open without the old one", async () => {
    const other = new Visitor(server.url);
    const created = await other.post("/api/claim-requests", {
      version: VERSION,
      step: "details",
      data: { ...PERSON, contactDetails: { email: "rota@example.org" } },
    });
    expect(created.status).toBe(201);
    const NEW = `new:${Buffer.alloc(32, 7).toString("base64")}`;
    const rotating = DataKeyring.parse(`${NEW},dev:${DataKeyring.development().keys[0].key.toString("base64")}`);
    const counts = await rotateSealedColumns(server.db, rotating);
    expect(counts.find((c) => c.column === "claim_requests.answers_sealed")).toMatchObject({ checked: 1, reencrypted: 1 });
    const sealed = (await storedRow(created.body.id)).answers_sealed;
    expect(sealed).toMatch(/^enc1:new:/);
    expect(openAnswers(DataKeyring.parse(NEW), created.body.id, sealed)).toMatchObject({ "vehicle.registration": "AB12 CDE" });
  });
});
