/** ADDRESS_PROVIDER=data8 end to end through the API, against the local Data8 stand-in. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startData8StandIn, type Data8StandIn } from "../providers/address/data8StandIn";
import { startTestServer, Visitor, type TestServer } from "../testing/harness";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";

const KEY = "standin-key-for-tests";
let standIn: Data8StandIn;
let server: TestServer;

beforeAll(async () => {
  standIn = await startData8StandIn({ key: KEY, slowMs: 50 });
  server = await startTestServer({
    // The address API needs no funnel: the tests' own small definitions.
    definitionsDir: FIXTURE_DEFINITIONS_DIR,
    captureLog: true,
    env: { ADDRESS_PROVIDER: "data8", DATA8_API_KEY: KEY, DATA8_BASE_URL: standIn.url, ADDRESS_TIMEOUT_MS: "2000" },
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

describe("address lookup with ADDRESS_PROVIDER=data8", () => {
  it("a postcode search is drilled down to addresses, and the pick retrieves the same fields as the sandbox", async () => {
    const visitor = new Visitor(server.url);
    const search = await visitor.post("/api/address/search", { search: "SW1A 2DX", sessionId: "", applicationName: "FairDrive" });
    expect(search.status).toBe(200);
    expect(search.body.error).toBeNull();
    expect(search.body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const labels = search.body.Results.map((r: { label: string }) => r.label);
    expect(labels).toContain("10 Downing Close, London, SW1A 2DX");
    expect(labels.some((l: string) => /addresses$/.test(l))).toBe(false);
    const ops = standIn.calls.map((c) => c.operation);
    expect(ops).toEqual(["Search", "DrillDown"]);
    expect(standIn.calls[0].body).toMatchObject({ country: "GB", search: "SW1A 2DX", options: { ApplicationName: "FairDrive" } });

    const pick = search.body.Results.find((r: { label: string }) => r.label === "10 Downing Close, London, SW1A 2DX");
    const retrieve = await visitor.post("/api/address/retrieve", { id: pick.value, applicationName: "FairDrive" });
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

  it("passes the session on, and joins Data8's sub-building and building names", async () => {
    const visitor = new Visitor(server.url);
    const search = await visitor.post("/api/address/search", { search: "Albion House Sandfield", sessionId: "session-42" });
    expect(search.body.sessionId).toBe("session-42");
    expect(standIn.calls.at(-1)?.body.session).toBe("session-42");
    const flat = search.body.Results.find((r: { label: string }) => r.label.startsWith("Flat 3, Albion House, 14 Sandfield Road"));
    const retrieve = await visitor.post("/api/address/retrieve", { id: flat.value });
    expect(retrieve.body.Result.RawAddress).toMatchObject({
      BuildingName: "Flat 3, Albion House",
      BuildingNumber: 14,
      PostalCounty: "Surrey",
      Locality: "Guildford",
    });
  });

  it("Data8's Status.Success false reaches the visitor as the definition's messages", async () => {
    const visitor = new Visitor(server.url);
    const search = await visitor.post("/api/address/search", { search: "FAIL Downing", sessionId: "s-9" });
    expect(search).toMatchObject({
      status: 502,
      body: {
        sessionId: "s-9",
        Results: [],
        error: "Address search failed: enter it yourself.",
      },
    });
    const retrieve = await visitor.post("/api/address/retrieve", { id: "SBX-000000000000" });
    expect(retrieve).toMatchObject({
      status: 502,
      body: { Result: null, error: "That address could not be fetched: enter it yourself." },
    });
  });

  it("logs the failure without the search text, the address or the key", () => {
    const text = server.log();
    expect(text).toContain("address search failed");
    expect(text).toContain("DATA8_STATUS");
    for (const secret of ["Downing", "Albion", "Sandfield", "SW1A", KEY]) expect(text).not.toContain(secret);
  });
});
