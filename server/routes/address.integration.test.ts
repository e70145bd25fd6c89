import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Visitor, startTestServer, type TestServer } from "../testing/harness";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";

const SEARCH_LIMIT = 25;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    rateLimits: { addressSearch: SEARCH_LIMIT, creditCheck: 1000, login: 1000 },
    // The address API needs no funnel: the tests' own small definitions.
    definitionsDir: FIXTURE_DEFINITIONS_DIR,
  });
});
afterAll(async () => {
  await server?.stop();
});

/** The fixture funnel's address messages (the shipped ones are checked in the conformance suite). */
const SEARCH_ERROR = "Address search failed: enter it yourself.";
const RETRIEVE_ERROR = "That address could not be fetched: enter it yourself.";

describe("address lookup (sandbox)", () => {
  it("finds '10 Downing Close' by typing '10 Dow' and retrieves its raw fields", async () => {
    const visitor = new Visitor(server.url);
    const search = await visitor.post("/api/address/search", { search: "10 Dow", applicationName: "claim-funnel" });
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ sessionId: expect.any(String), error: null });
    expect(search.body.Results[0]).toEqual({ label: "10 Downing Close, London, SW1A 2DX", value: expect.any(String) });

    const retrieve = await visitor.post("/api/address/retrieve", { id: search.body.Results[0].value, applicationName: "claim-funnel" });
    expect(retrieve.status).toBe(200);
    expect(retrieve.body).toEqual({
      Result: {
        RawAddress: {
          BuildingName: "",
          BuildingNumber: 10,
          ThoroughfareName: "Downing",
          ThoroughfareDesc: "Close",
          Locality: "London",
          PostalCounty: "",
          Postcode: "SW1A 2DX",
        },
      },
      error: null,
    });
  });

  it("searches by postcode with or without the space, any case, and keeps the session id", async () => {
    const visitor = new Visitor(server.url);
    const spaced = await visitor.post("/api/address/search", { search: "gu1 3ax", sessionId: "session-abc" });
    expect(spaced.body.sessionId).toBe("session-abc");
    expect(spaced.body.Results.map((r: { label: string }) => r.label)).toContain(
      "Flat 3, Albion House, 14 Sandfield Road, Guildford, GU1 3AX",
    );
    const compact = await visitor.post("/api/address/search", { search: "GU13AX" });
    expect(compact.body.Results).toEqual(spaced.body.Results);
  });

  it("returns no results for the NONE test input", async () => {
    const res = await new Visitor(server.url).post("/api/address/search", { search: "NONE Nowhere Street" });
    expect(res).toMatchObject({ status: 200, body: { Results: [], error: null } });
  });

  it("'FAIL' (any case) fails with the definition's message", async () => {
    const res = await new Visitor(server.url).post("/api/address/search", { search: "fail", sessionId: "s1" });
    expect(res).toMatchObject({ status: 502, body: { sessionId: "s1", Results: [], error: SEARCH_ERROR } });
    const retrieve = await new Visitor(server.url).post("/api/address/retrieve", { id: "FAIL" });
    expect(retrieve).toMatchObject({ status: 502, body: { error: RETRIEVE_ERROR } });
  });

  it("an unknown id cannot be retrieved", async () => {
    const res = await new Visitor(server.url).post("/api/address/retrieve", { id: "SBX-000000000000" });
    expect(res).toMatchObject({ status: 404, body: { Result: null, error: RETRIEVE_ERROR } });
  });

  it("'SLOW' answers after about 3 seconds", async () => {
    const began = Date.now();
    const res = await new Visitor(server.url).post("/api/address/search", { search: "SLOW Downing" });
    expect(Date.now() - began).toBeGreaterThanOrEqual(2900);
    expect(res.status).toBe(200);
    expect(res.body.Results.length).toBeGreaterThan(0);
  });

  it("rate-limits searches", async () => {
    const visitor = new Visitor(server.url);
    let last = 0;
    for (let i = 0; i < SEARCH_LIMIT + 1; i++) last = (await visitor.post("/api/address/search", { search: "Sandfield" })).status;
    expect(last).toBe(429);
    const limited = await visitor.post("/api/address/search", { search: "Sandfield" });
    expect(limited.body).toMatchObject({ Results: [], error: expect.stringMatching(/Too many address searches/) });
  });
});
