import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PEOPLE,
  PNG_SIGNATURE,
  TYPED_SIGNATURE,
  Visitor,
  createSignedClaim,
  formData,
  startTestServer,
  type TestServer,
} from "../testing/harness";
import { REFERENCE_PATTERN } from "../claims/claimReference";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + days);
  return d.toISOString().slice(0, 10);
};

describe("POST /api/claim-requests", () => {
  it("creates a claim request, sets an httpOnly funnel_session cookie and returns its id and reference", async () => {
    const visitor = new Visitor(server.url);
    const res = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(PEOPLE.amelia) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), claim_reference: expect.stringMatching(REFERENCE_PATTERN) });
    expect(res.body.claim_reference.startsWith("FD-")).toBe(true);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("funnel_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(visitor.cookies.get("funnel_session")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("stores the values normalised by the definition's transforms", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.rajesh);
    const res = await visitor.get(`/api/claim-requests/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      first_name: "Rajesh",
      last_name: "Chaudhary",
      email: "rajesh.chaudhary@example.com",
      phone_number: "07700900456",
      date_of_birth: "1979-11-02",
      address: {
        buildingName: "Flat 3, Albion House",
        houseNumber: "14",
        street: "Sandfield Road",
        city: "Guildford",
        county: "Surrey",
        postcode: "GU1 3AX",
      },
      signature: "typed:Rajesh Chaudhary",
      claims: [],
    });
    expect(res.body.claim_reference).toMatch(REFERENCE_PATTERN);
  });

  it("upper-cases the postcode and removes commas from the town", async () => {
    const visitor = new Visitor(server.url);
    const person = { ...PEOPLE.amelia, address: { ...PEOPLE.amelia.address, postcode: "  sw1a 2dx ", city: "London," } };
    // Sent under the funnel's mirror version (t1m runs t1), as a page at the mirror's path sends it.
    const created = await visitor.post("/api/claim-requests", { version: "t1m", step: "personal-details", data: formData(person) });
    expect(created.status).toBe(201);
    const record = await visitor.get(`/api/claim-requests/${created.body.id}`);
    expect(record.body.address).toMatchObject({ postcode: "SW1A 2DX", city: "London" });
  });

  it("updates an owned claim request, keeping its reference, with only the fields sent", async () => {
    const visitor = new Visitor(server.url);
    const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(PEOPLE.amelia) });
    const updated = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: created.body.id,
      data: { signature: PNG_SIGNATURE },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual(created.body);
    const record = await visitor.get(`/api/claim-requests/${created.body.id}`);
    expect(record.body).toMatchObject({ signature: PNG_SIGNATURE, first_name: "Amelia", email: PEOPLE.amelia.email });
  });

  it.each([
    [
      "under 18",
      { dateOfBirth: yearsAgo(17) },
      "personalDetails.dateOfBirth",
      "Please enter a valid date of birth (must be 18-100 years old)",
    ],
    [
      "over 100",
      { dateOfBirth: yearsAgo(101, -1) },
      "personalDetails.dateOfBirth",
      "Please enter a valid date of birth (must be 18-100 years old)",
    ],
    [
      "not a date",
      { dateOfBirth: "2001-02-30" },
      "personalDetails.dateOfBirth",
      "Please enter a valid date of birth (must be 18-100 years old)",
    ],
    ["missing DOB", { dateOfBirth: "" }, "personalDetails.dateOfBirth", "Please enter your date of birth"],
    [
      "landline",
      { phoneNumber: "020 7946 0000" },
      "contactDetails.phoneNumber",
      "Please use a mobile number starting with 07 so we can keep you updated by SMS",
    ],
    ["short mobile", { phoneNumber: "07700 9001" }, "contactDetails.phoneNumber", "Please enter a valid UK mobile number starting with 07"],
    ["bad email", { email: "amelia@example" }, "contactDetails.email", "Please enter a valid email address"],
    ["no first name", { firstName: "  " }, "personalDetails.firstName", "Please enter your first name"],
    ["unknown title", { title: "Lord" }, "personalDetails.title", "Please select a title"],
    ["bad postcode", { postcode: "SW1A 1A" }, "address.postcode", "Please enter a real UK postcode, like SW1A 1AA"],
    ["no street", { street: "" }, "address.street", "Please enter your street"],
    ["long house number", { houseNumber: "12345678901" }, "address.houseNumber", "House number must be 10 characters or fewer"],
  ])("refuses %s with the definition's message", async (_name, change, path, message) => {
    const p = PEOPLE.amelia;
    const person = {
      ...p,
      ...("email" in change || "phoneNumber" in change || "firstName" in change || "title" in change || "dateOfBirth" in change
        ? change
        : {}),
      address: { ...p.address, ...("postcode" in change || "street" in change || "houseNumber" in change ? change : {}) },
    };
    const res = await new Visitor(server.url).post("/api/claim-requests", {
      version: "t1",
      step: "personal-details",
      data: formData(person),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("There is a problem with your answers");
    expect(res.body.fieldErrors[path]).toBe(message);
  });

  it("requires the terms set on get-started before personal details are accepted", async () => {
    const data = formData(PEOPLE.amelia);
    data.contactDetails.isTermsPolicyAgreed = false;
    const res = await new Visitor(server.url).post("/api/claim-requests", { version: "t1", step: "personal-details", data });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors["contactDetails.isTermsPolicyAgreed"]).toBe("Please agree to the privacy policy and terms");
  });

  it("accepts an early step with only what that step collects", async () => {
    const res = await new Visitor(server.url).post("/api/claim-requests", {
      version: "t1",
      step: "address",
      data: { hadFinance: "yes", contactDetails: { isTermsPolicyAgreed: true }, address: PEOPLE.rajesh.address },
    });
    expect(res.status).toBe(201);
  });

  it("refuses a missing signature at the signature step, and a malformed one", async () => {
    const visitor = new Visitor(server.url);
    const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(PEOPLE.amelia) });
    const missing = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: created.body.id,
      data: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ signature: "Please sign the form to continue" });
    const script = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')}`;
    const bad = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: created.body.id,
      data: { signature: script },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.signature).toMatch(/sign again/);
  });

  it("refuses unknown fields, secrets, unknown versions and steps", async () => {
    const visitor = new Visitor(server.url);
    const typo = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "personal-details",
      data: { ...formData(PEOPLE.amelia), contactDetails: { emial: "x@example.com" } },
    });
    expect(typo.status).toBe(400);
    expect(typo.body.error).toBe("Unknown field 'contactDetails.emial'");
    const extra = await visitor.post("/api/claim-requests", { version: "t1", step: "address", data: { favouriteColour: "blue" } });
    expect(extra.body.error).toBe("Unknown field 'favouriteColour'");
    const secret = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "address",
      data: { account: { password: "hunter2hunter2" } },
    });
    expect(secret.status).toBe(400);
    expect(secret.body.error).toMatch(/account.password is never sent/);
    const version = await visitor.post("/api/claim-requests", { version: "v9", step: "address", data: {} });
    expect(version).toMatchObject({ status: 400, body: { error: "Unknown funnel version 'v9'" } });
    const step = await visitor.post("/api/claim-requests", { version: "t1", step: "nowhere", data: {} });
    expect(step).toMatchObject({ status: 400, body: { error: "Unknown step 'nowhere' in funnel t1" } });
  });

  it("accepts manual lender picks in the data without storing them", async () => {
    const res = await new Visitor(server.url).post("/api/claim-requests", {
      version: "t1",
      step: "personal-details",
      data: formData(PEOPLE.amelia, { manualLenders: [{ id: "x" }] }),
    });
    expect(res.status).toBe(201);
  });
});

describe("ownership", () => {
  it("a second visitor can neither read nor update someone else's claim request", async () => {
    const owner = new Visitor(server.url);
    const { id } = await createSignedClaim(owner, PEOPLE.amelia);
    const stranger = new Visitor(server.url);
    await stranger.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(PEOPLE.rajesh) });
    expect(stranger.cookies.has("funnel_session")).toBe(true);

    const read = await stranger.get(`/api/claim-requests/${id}`);
    expect(read).toMatchObject({ status: 404, body: { error: "No claim request found" } });
    const update = await stranger.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: id,
      data: { signature: "typed:Mallory Smith" },
    });
    expect(update).toMatchObject({ status: 404, body: { error: "No claim request found" } });
    const crm = await stranger.post("/api/crm/clients", { claim_request_id: id, brand_id: "fairdrive", provider_type: "sandbox" });
    expect(crm.status).toBe(404);
    const noCookie = await fetch(`${server.url}/api/claim-requests/${id}`);
    expect(noCookie.status).toBe(404);

    const mine = await owner.get(`/api/claim-requests/${id}`);
    expect(mine.body.signature).toBe(TYPED_SIGNATURE(PEOPLE.amelia));
  });

  it("a forged or random cookie owns nothing", async () => {
    const owner = new Visitor(server.url);
    const { id } = await createSignedClaim(owner, PEOPLE.rajesh);
    const forger = new Visitor(server.url);
    forger.cookies.set("funnel_session", "A".repeat(43));
    expect((await forger.get(`/api/claim-requests/${id}`)).status).toBe(404);
    forger.cookies.set("funnel_session", "not a token");
    expect((await forger.get(`/api/claim-requests/${id}`)).status).toBe(404);
  });

  it("an unknown id is 404 and a malformed id is 400", async () => {
    const visitor = new Visitor(server.url);
    expect((await visitor.get("/api/claim-requests/6f1c5a8e-1111-4c2b-9d3e-000000000000")).status).toBe(404);
    const bad = await visitor.get("/api/claim-requests/123");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/id/);
  });
});

describe("POST /api/crm/clients", () => {
  it("creates the client once and returns the same uuid on repeat", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.amelia);
    const first = await visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "fairdrive", provider_type: "sandbox" });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, client: { uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const again = await visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "fairdrive", provider_type: "sandbox" });
    expect(again.body.client.uuid).toBe(first.body.client.uuid);
    const record = await visitor.get(`/api/claim-requests/${id}`);
    expect(record.body.crm_client_uuid).toBe(first.body.client.uuid);
  });

  it("takes the brand and the CRM provider from the claim request's brand, whatever the browser names", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.rajesh);
    const res = await visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "nobody", provider_type: "salesforce" });
    expect(res).toMatchObject({ status: 200, body: { success: true, client: { uuid: expect.any(String) } } });
  });
});

describe("GET /api/lenders", () => {
  it("lists the company's lenders by name", async () => {
    const res = await new Visitor(server.url).get("/api/lenders?companyId=fairway-legal");
    expect(res.status).toBe(200);
    // The fixture company's four lenders (test-fixtures/definitions/lenders/catalogue.json).
    expect(res.body.lenders).toHaveLength(4);
    expect(res.body.lenders[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: expect.any(String) });
    expect(res.body.lenders.map((l: { name: string }) => l.name)).toContain("Black Horse");
  });

  it("defaults to the brand's company", async () => {
    const res = await new Visitor(server.url).get("/api/lenders");
    expect(res.status).toBe(200);
    expect(res.body.lenders).toHaveLength(4);
  });

  it("answers an unknown company with the spec's message", async () => {
    const res = await new Visitor(server.url).get("/api/lenders?companyId=acme");
    expect(res).toMatchObject({ status: 404, body: { error: "Company information not available. Please try again later." } });
  });
});
