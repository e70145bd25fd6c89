/** Contract: the Data8 adapter against a local server speaking PredictiveAddress's documented JSON. */
import { afterEach, describe, expect, it } from "vitest";
import { startLocalServer, type LocalServer, type Reply } from "../testing/localServer";
import { createData8AddressProvider } from "./data8";
import { AddressProviderError } from "./types";

const KEY = "d8-secret-key";
const ok = (extra: Record<string, unknown>) => ({ Status: { Success: true, ErrorMessage: null, CreditsRemaining: 99 }, ...extra });
const address = (label: string, value: string) => ({ label, value, container: false, items: 1 });

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function provider(reply: (path: string, body: any, index: number) => Reply, timeoutMs = 1000) {
  server = await startLocalServer((r, i) => reply(r.path, r.json, i));
  return createData8AddressProvider({ apiKey: KEY, baseUrl: server.url, timeoutMs, applicationName: "default-app" });
}

async function failure(promise: Promise<unknown>): Promise<AddressProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AddressProviderError);
  return error as AddressProviderError;
}

describe("Data8 PredictiveAddress adapter", () => {
  it("searches: POST Search.json?key=…, country GB, the search, the session and ApplicationName; answers labels, values and Data8's session id", async () => {
    const p = await provider(() => ({
      json: ok({
        Results: [address("10 Downing Close, London, SW1A 2DX", "D8-1"), address("11 Downing Close, London, SW1A 2DX", "D8-2")],
        Count: 2,
        SessionID: "d8-session-9",
      }),
    }));
    const found = await p.search("10 Downing", { sessionId: "our-session", applicationName: "FairDrive" });
    expect(found).toEqual({
      sessionId: "d8-session-9",
      results: [
        { label: "10 Downing Close, London, SW1A 2DX", value: "D8-1" },
        { label: "11 Downing Close, London, SW1A 2DX", value: "D8-2" },
      ],
    });
    const [req] = server!.requests;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/PredictiveAddress/Search.json");
    expect(req.query.get("key")).toBe(KEY);
    expect(req.headers["content-type"]).toMatch(/application\/json/);
    expect(req.json).toEqual({ country: "GB", search: "10 Downing", session: "our-session", options: { ApplicationName: "FairDrive" } });
  });

  it("sends no session on the first search and falls back to its own application name", async () => {
    const p = await provider(() => ({ json: ok({ Results: [], Count: 0, SessionID: "new-session" }) }));
    expect(await p.search("Nowhere", {})).toEqual({ sessionId: "new-session", results: [] });
    expect(server!.requests[0].json).toEqual({ country: "GB", search: "Nowhere", options: { ApplicationName: "default-app" } });
  });

  it("drills down container results transparently, so only addresses come back, in order", async () => {
    const p = await provider((path, body) => {
      if (path.endsWith("/Search.json")) {
        return {
          json: ok({
            Results: [
              address("1 Albany Street, London, N1 1AA", "A-1"),
              { label: "SW1A 2DX - 2 addresses", value: "CONT-1", container: true, items: 2 },
            ],
            SessionID: "s-1",
          }),
        };
      }
      expect(path).toBe("/PredictiveAddress/DrillDown.json");
      expect(body).toEqual({ country: "GB", id: "CONT-1", session: "s-1", options: { ApplicationName: "default-app" } });
      return {
        json: ok({
          Results: [address("10 Downing Close, London, SW1A 2DX", "B-1"), address("12 Downing Close, London, SW1A 2DX", "B-2")],
          SessionID: "s-1",
        }),
      };
    });
    const found = await p.search("SW1A 2DX", {});
    expect(found.results.map((r) => r.value)).toEqual(["A-1", "B-1", "B-2"]);
    expect(found.results.some((r) => r.label.includes("addresses"))).toBe(false);
    expect(server!.requests.map((r) => r.path)).toEqual(["/PredictiveAddress/Search.json", "/PredictiveAddress/DrillDown.json"]);
  });

  it("treats Status.Success false (HTTP 200) as a failure, without the search text or key in the message", async () => {
    const p = await provider(() => ({ json: { Status: { Success: false, ErrorMessage: "Insufficient credits", CreditsRemaining: 0 } } }));
    const error = await failure(p.search("10 Secret Lane", {}));
    expect(error.message).toContain("Insufficient credits");
    expect(error.message).not.toContain("Secret");
    expect(error.message).not.toContain(KEY);
    expect(error.code).toBe("DATA8_STATUS");
    const retrieveError = await failure(p.retrieve("D8-1", {}));
    expect(retrieveError.code).toBe("DATA8_STATUS");
  });

  it("withholds a Data8 error message that repeats the search text", async () => {
    const p = await provider(() => ({ json: { Status: { Success: false, ErrorMessage: "No match for 10 Secret Lane" } } }));
    const error = await failure(p.search("10 Secret Lane", {}));
    expect(error.message).not.toContain("Secret");
  });

  it("retrieves: POST Retrieve.json with the id and maps RawAddress (sub-building joined, county, number)", async () => {
    const p = await provider(() => ({
      json: ok({
        Result: {
          Address: { Lines: ["Flat 3", "Albion House", "14 Sandfield Road", "Guildford", "", "GU1 3AX"] },
          RawAddress: {
            Organisation: "",
            SubBuildingName: "Flat 3",
            BuildingName: "Albion House",
            BuildingNumber: 14,
            DependentThoroughfareName: "",
            DependentThoroughfareDesc: "",
            ThoroughfareName: "Sandfield",
            ThoroughfareDesc: "Road",
            Locality: "GUILDFORD",
            Postcode: "GU1 3AX",
            PostalCounty: "Surrey",
            TraditionalCounty: "Surrey",
            UniqueReference: "12345678",
          },
        },
      }),
    }));
    expect(await p.retrieve("D8-77", { applicationName: "FairDrive" })).toEqual({
      BuildingName: "Flat 3, Albion House",
      BuildingNumber: 14,
      ThoroughfareName: "Sandfield",
      ThoroughfareDesc: "Road",
      Locality: "Guildford",
      PostalCounty: "Surrey",
      Postcode: "GU1 3AX",
    });
    expect(server!.requests[0].path).toBe("/PredictiveAddress/Retrieve.json");
    expect(server!.requests[0].json).toEqual({ country: "GB", id: "D8-77", options: { ApplicationName: "FairDrive" } });
  });

  it("keeps a dependent thoroughfare, uses the organisation for an unnumbered unnamed building, and answers null for no Result", async () => {
    let n = 0;
    const p = await provider(() =>
      n++ === 0
        ? {
            json: ok({
              Result: {
                RawAddress: {
                  Organisation: "Acme Ltd",
                  BuildingNumber: 0,
                  DependentThoroughfareName: "Stable",
                  DependentThoroughfareDesc: "Mews",
                  ThoroughfareName: "High",
                  ThoroughfareDesc: "Street",
                  Locality: "York",
                  Postcode: "yo1 7hh",
                  PostalCounty: "",
                },
              },
            }),
          }
        : { json: ok({ Result: null }) },
    );
    expect(await p.retrieve("X", {})).toEqual({
      BuildingName: "Acme Ltd",
      BuildingNumber: 0,
      ThoroughfareName: "Stable Mews, High",
      ThoroughfareDesc: "Street",
      Locality: "York",
      PostalCounty: "",
      Postcode: "YO1 7HH",
    });
    expect(await p.retrieve("Y", {})).toBeNull();
  });

  it("gives up after the timeout and does not retry it", async () => {
    const p = await provider(() => "hang", 200);
    const began = Date.now();
    const error = await failure(p.search("10 Dow", {}));
    expect(Date.now() - began).toBeLessThan(1500);
    expect(error.code).toBe("ADDRESS_TIMEOUT");
    expect(server!.requests).toHaveLength(1);
  });

  it("retries once after a 5xx and succeeds", async () => {
    const p = await provider((_path, _body, i) =>
      i === 0 ? { status: 503, text: "Service Unavailable" } : { json: ok({ Results: [address("1 A Road", "R1")], SessionID: "s" }) },
    );
    expect((await p.search("1 A Road", {})).results).toEqual([{ label: "1 A Road", value: "R1" }]);
    expect(server!.requests).toHaveLength(2);
  });

  it("retries once after a dropped connection and succeeds", async () => {
    const p = await provider((_path, _body, i) =>
      i === 0
        ? "drop"
        : {
            json: ok({
              Result: {
                RawAddress: {
                  BuildingNumber: 2,
                  ThoroughfareName: "Canal",
                  ThoroughfareDesc: "Walk",
                  Locality: "London",
                  Postcode: "N1 1AA",
                },
              },
            }),
          },
    );
    expect((await p.retrieve("R1", {}))?.ThoroughfareName).toBe("Canal");
    expect(server!.requests).toHaveLength(2);
  });

  it("fails after a second 5xx (one retry only)", async () => {
    const p = await provider(() => ({ status: 500, text: "oops" }));
    expect((await failure(p.search("1 A Road", {}))).code).toBe("ADDRESS_HTTP_5XX");
    expect(server!.requests).toHaveLength(2);
  });

  it("fails on malformed JSON, an answer without Results, or an HTTP error, without retrying", async () => {
    const p = await provider((_path, _body, i) =>
      i === 0 ? { text: '{"Status": {"Success": tr' } : i === 1 ? { json: ok({}) } : { status: 401, text: "{}" },
    );
    expect((await failure(p.search("1 A Road", {}))).code).toBe("ADDRESS_BAD_JSON");
    expect((await failure(p.search("1 A Road", {}))).code).toBe("DATA8_SHAPE");
    expect((await failure(p.search("1 A Road", {}))).code).toBe("DATA8_HTTP_401");
    expect(server!.requests).toHaveLength(3);
  });

  it("fails fast with a network error when nothing listens (after one retry)", async () => {
    const p = createData8AddressProvider({ apiKey: KEY, baseUrl: "http://127.0.0.1:1", timeoutMs: 1000 });
    const error = await failure(p.search("10 Dow", {}));
    expect(error.code).toBe("ADDRESS_NETWORK");
    expect(error.message).not.toContain(KEY);
  });
});
