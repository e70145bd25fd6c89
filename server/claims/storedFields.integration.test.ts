/**
 * One source per stored datum, over real HTTP, on a fixture funnel of its own (home-address: every stored-field path
 * of schema/storedFields.ts, its address lookup under the group `home`, its own phone and email messages) made the
 * default brand's funnel:
 *  - every row of the stored-field table reaches storage, the stored claim as form data, the claim-request record,
 *    the subject-rights export and erasure (a row added to the table is checked here with no other change);
 *  - the address is stored from, and given back under, the funnel's address group;
 *  - the portal's phone and email changes and the partner API store what the brand's funnel stores, refused with
 *    its messages (they had their own regex, transforms and message, and the partner API kept the number raw).
 */
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORED_FIELDS, type StoredFieldKind } from "../../schema/storedFields";
import type { FunnelDefinition } from "../../schema/types";
import { SANDBOX_PARTNER } from "../auth/affiliateLinks";
import { DataKeyring } from "../crypto/dataEncryption";
import { openSignature } from "../crypto/sealedColumns";
import { FIXTURE_FUNNELS_DIR } from "../testing/fixtureDefinitions";
import {
  PEOPLE,
  Visitor,
  fixtureDefinitionsWith,
  partnerConsumer,
  partnerPost,
  setUpAccount,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";

const VERSION = "home-address";
const PASSWORD = "a long enough passphrase";
const funnel = JSON.parse(readFileSync(path.join(FIXTURE_FUNNELS_DIR, `${VERSION}.json`), "utf8")) as FunnelDefinition;
const HOME = { buildingName: "", houseNumber: "14", street: "Harbour Row", city: "Whitby", county: "", postcode: "yo21 1ab" };

/** Each stored field's value: the fixture's first valid example, as the funnel stores it. */
function sample(fieldPath: string): unknown {
  const field = funnel.fields[fieldPath];
  if (!field) throw new Error(`the ${VERSION} fixture funnel needs a field for the stored-field path '${fieldPath}', with a valid example`);
  const example = field.examples?.valid?.[0] as { value: unknown; becomes?: unknown } | undefined;
  if (!example) throw new Error(`the ${VERSION} fixture's '${fieldPath}' needs a valid example`);
  return example.becomes ?? example.value;
}
const at = (data: Record<string, unknown>, fieldPath: string) =>
  fieldPath.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], data);

function answers(): Record<string, unknown> {
  const data: Record<string, unknown> = { home: HOME };
  for (const { path: fieldPath } of STORED_FIELDS) {
    const [head, ...rest] = fieldPath.split(".");
    if (rest.length === 0) data[head] = sample(fieldPath);
    else data[head] = { ...(data[head] as object), [rest.join(".")]: sample(fieldPath) };
  }
  return data;
}

let dir: string;
let server: TestServer;
let visitor: Visitor;
let claimId: string;

const storedRow = async (id: string) =>
  (await server.db.query<Record<string, unknown>>("SELECT * FROM claim_requests WHERE id = $1", [id])).rows[0];

beforeAll(async () => {
  dir = fixtureDefinitionsWith((brand) => (brand.brandId === "fairdrive" ? { ...brand, formVersion: VERSION } : brand));
  cpSync(path.join(FIXTURE_FUNNELS_DIR, `${VERSION}.json`), path.join(dir, "funnels", `${VERSION}.json`));
  server = await startTestServer({ definitionsDir: dir, rateLimits: { affiliate: 1000 } });
  visitor = new Visitor(server.url);
  const created = await visitor.post("/api/claim-requests", { version: VERSION, step: "details", data: answers() });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  claimId = created.body.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("every row of the stored-field table", () => {
  it("is stored in its column (the signature sealed)", async () => {
    const row = await storedRow(claimId);
    for (const { path: fieldPath, column, kind } of STORED_FIELDS) {
      const stored = kind === "signature" ? openSignature(DataKeyring.development(), claimId, row[column] as string) : row[column];
      expect(stored, column).toEqual(sample(fieldPath));
    }
  });

  it("comes back as form data at its field's path", async () => {
    const { body } = await visitor.get(`/api/claim-requests/${claimId}/form-data`);
    for (const { path: fieldPath } of STORED_FIELDS) expect(at(body.data, fieldPath), fieldPath).toEqual(sample(fieldPath));
  });

  it("is in the claim-request record under its column", async () => {
    const { body } = await visitor.get(`/api/claim-requests/${claimId}`);
    for (const { path: fieldPath, column } of STORED_FIELDS) expect(body[column], column).toEqual(sample(fieldPath));
  });

  it("is in the export, and erasure clears the personal ones and keeps the rest", async () => {
    const other = new Visitor(server.url);
    const email = "erase.me@example.org";
    const created = await other.post("/api/claim-requests", {
      version: VERSION,
      step: "details",
      data: { ...answers(), contactDetails: { ...(answers().contactDetails as object), email } },
    });
    expect(created.status).toBe(201);
    expect((await setUpAccount(other, created.body.id, PASSWORD)).status).toBe(201);
    const exported = (await other.get("/api/privacy/export")).body.claim_requests[0];
    for (const { path: fieldPath, column, kind } of STORED_FIELDS) {
      if (kind === "signature") expect(exported[column], column).toEqual({ format: "typed", name: "Imogen Whitlock" });
      else expect(exported[column], column).toEqual(column === "email" ? email : sample(fieldPath));
    }
    expect(exported.address).toMatchObject({ street: "Harbour Row", postcode: "YO21 1AB" });

    expect((await other.post("/api/privacy/erase", { password: PASSWORD })).status).toBe(200);
    const row = await storedRow(created.body.id);
    for (const { path: fieldPath, column, kind, personal } of STORED_FIELDS) {
      const kept = personal ? ((kind as StoredFieldKind) === "flag" ? false : null) : sample(fieldPath);
      expect(row[column], column).toEqual(kept);
    }
    expect(row.address).toEqual({});
  });
});

describe("an address lookup under another fieldGroup", () => {
  it("is stored from its group's paths and given back under them", async () => {
    expect((await storedRow(claimId)).address).toEqual({ ...HOME, postcode: "YO21 1AB" });
    const { body } = await visitor.get(`/api/claim-requests/${claimId}/form-data`);
    expect(body.data.home).toEqual({ ...HOME, postcode: "YO21 1AB" });
    expect(body.data.address).toBeUndefined();
  });

  it("a later submission sending part of the address is checked against the stored rest, and keeps it", async () => {
    const other = new Visitor(server.url);
    const created = await other.post("/api/claim-requests", { version: VERSION, step: "details", data: answers() });
    const wrong = await other.post("/api/claim-requests", {
      version: VERSION,
      step: "details",
      claim_request_id: created.body.id,
      data: { home: { postcode: "not a postcode" } },
    });
    expect(wrong).toMatchObject({ status: 400, body: { fieldErrors: { "home.postcode": "Enter a real postcode" } } });
    const moved = await other.post("/api/claim-requests", {
      version: VERSION,
      step: "details",
      claim_request_id: created.body.id,
      // Signed again: a signed address changes only with a new signature.
      data: { home: { street: "Church Street" }, signature: "typed:Imogen A Whitlock" },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await storedRow(created.body.id)).address).toEqual({ ...HOME, street: "Church Street", postcode: "YO21 1AB" });
  });

  it("is part of the signed identity: changing it without signing again is refused", async () => {
    const moved = await visitor.post("/api/claim-requests", {
      version: VERSION,
      step: "details",
      claim_request_id: claimId,
      data: { home: { street: "Church Street" } },
    });
    expect(moved).toMatchObject({ status: 409, body: { identityLocked: true } });
    expect((await storedRow(claimId)).address).toMatchObject({ street: "Harbour Row" });
  });
});

describe("the portal's contact changes follow the brand's funnel", () => {
  let portal: Visitor;
  beforeAll(async () => {
    portal = new Visitor(server.url);
    const data = answers();
    const created = await portal.post("/api/claim-requests", {
      version: VERSION,
      step: "details",
      data: { ...data, contactDetails: { ...(data.contactDetails as object), email: "portal.phone@example.org" } },
    });
    expect((await setUpAccount(portal, created.body.id, PASSWORD)).status).toBe(201);
  }, 60_000);

  it("refuses an invalid mobile number with the definition's message, 400", async () => {
    const refused = await portal.post("/api/portal/contact/phone", { phone_number: "01632 960001" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: "Enter a mobile number like 07700 900123",
      fields: { phone_number: "Enter a mobile number like 07700 900123" },
    });
  });

  it("stores a number in the funnel's form", async () => {
    expect((await portal.post("/api/portal/contact/phone", { phone_number: "7700 900999" })).body).toEqual({ phone_number: "07700900999" });
    expect((await portal.get("/api/portal/contact")).body.phone_number).toBe("07700900999");
  });

  it("refuses an invalid email address with the definition's message", async () => {
    const refused = await portal.post("/api/portal/contact/email", { email: "someone@nowhere", password: PASSWORD });
    expect(refused).toMatchObject({ status: 400, body: { error: "Enter an email address like name@example.com" } });
  });
});

describe("the partner API stores what the brand's funnel stores", () => {
  const consumer = (phone: string, email: string) => ({
    ...partnerConsumer(withSurname(PEOPLE.amelia, "Partnered", email)),
    phone_number: phone,
  });
  const phoneOf = async (id: string) => (await storedRow(id)).phone_number;

  it("a number sent without its leading 0 is stored as the funnel stores it", async () => {
    const created = await partnerPost(server.url, SANDBOX_PARTNER, "/api/partners/claims", {
      consumer: consumer("7700900123", "partnered.one@example.org"),
      credit_search: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await phoneOf(created.body.claim_request_id)).toBe("07700900123");
  });

  it("a number the funnel's rules refuse is refused with its message, and nothing is stored", async () => {
    const refused = await partnerPost(server.url, SANDBOX_PARTNER, "/api/partners/claims", {
      consumer: consumer("01632 960001", "partnered.two@example.org"),
      credit_search: false,
    });
    expect(refused).toMatchObject({ status: 400, body: { error: "consumer.phone_number: Enter a mobile number like 07700 900123" } });
    const { rows } = await server.db.query("SELECT 1 FROM claim_requests WHERE email = $1", ["partnered.two@example.org"]);
    expect(rows).toHaveLength(0);
  });
});
