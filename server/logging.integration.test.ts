/** The captured log of a whole happy path holds request lines and none of the applicant's personal data. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, createSignedClaim, setUpAccount, startTestServer, withSurname, type TestServer } from "./testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ captureLog: true });
});
afterAll(async () => {
  await server?.stop();
});

describe("request logging", () => {
  it("logs a full happy path without names, email, phone, DOB, postcode, street, password or cookies", async () => {
    const person = PEOPLE.rajesh;
    const visitor = new Visitor(server.url);
    await visitor.get("/claim/t1/get-started?utm_source=secret-campaign&email=leak%40example.com");
    const search = await visitor.post("/api/address/search", { search: "14 Sandfield" });
    await visitor.post("/api/address/retrieve", { id: search.body.Results[0].value });
    const { id } = await createSignedClaim(visitor, person);
    await visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "fairdrive", provider_type: "sandbox" });
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    await visitor.get(`/api/credit-check/${run.body.creditCheckId}`);
    await visitor.post("/api/save-claims", { claim_request_id: id, credit_check_id: run.body.creditCheckId, claims: run.body.claims });
    await setUpAccount(visitor, id, "Sup3r-secret-passw0rd");
    await visitor.get("/api/portal/claims");
    await visitor.get(`/api/claim-requests/${id}`);
    // A failing path too: a bureau error and a validation error are logged without the data that caused them.
    const failing = new Visitor(server.url);
    const bad = await createSignedClaim(failing, withSurname(person, "Bureauerror", "rajesh.bureau@example.com"));
    await failing.post("/api/credit-check/run", { claim_request_id: bad.id });
    await failing.post("/api/claim-requests", {
      version: "t1",
      step: "personal-details",
      data: { personalDetails: { firstName: "Rajesh", lastName: "Chaudhary" } },
    });
    await failing.post("/api/auth/login", { email: person.email, password: "wrong-password-here" });

    await new Promise((resolve) => setTimeout(resolve, 50));
    const log = server.log();
    const lines = log
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const requests = lines.filter((l) => l.req && l.res);
    expect(requests.length).toBeGreaterThanOrEqual(15);
    for (const line of requests) {
      expect(line.req).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), method: expect.any(String), path: expect.any(String) });
      expect(line.res).toEqual({ statusCode: expect.any(Number) });
      expect(typeof line.responseTimeMs).toBe("number");
    }
    expect(requests.map((l) => l.req.path)).toContain("/api/credit-check/run");
    expect(requests.map((l) => l.req.path)).toContain("/claim/t1/get-started");
    const warnings = lines.filter((l) => l.err);
    expect(warnings.length).toBeGreaterThan(0);
    for (const line of warnings) expect(Object.keys(line.err).sort()).toEqual(["message", "stack", "type"]);

    const forbidden = [
      person.firstName,
      person.lastName,
      person.email,
      "rajesh.bureau",
      "07700900456",
      "7700 900456",
      person.dateOfBirth,
      "GU1 3AX",
      "GU13AX",
      "Sandfield",
      "Albion House",
      "Sup3r-secret-passw0rd",
      "wrong-password-here",
      "secret-campaign",
      "leak",
      "typed:",
      "funnel_session=",
      "session=",
    ];
    for (const text of forbidden) expect(log.toLowerCase()).not.toContain(text.toLowerCase());
  });
});
