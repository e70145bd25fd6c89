/** Contract: the Ideal Postcodes adapter against a local server speaking its documented format. */
import { afterEach, describe, expect, it } from "vitest";
import { startLocalServer, type LocalServer, type RecordedRequest, type Reply } from "../testing/localServer";
import { createIdealPostcodesAddressProvider, IDEAL_POSTCODES_ERRORS } from "./idealPostcodes";
import { AddressProviderError } from "./types";

const KEY = "ak_test_secret";
const success = (result: unknown) => ({ json: { result, code: 2000, message: "Success" } });
const hits = (...h: unknown[]) => success({ hits: h });

const PAF = {
  postcode: "GU1 3AX",
  post_town: "GUILDFORD",
  dependant_locality: "",
  thoroughfare: "Sandfield Road",
  dependant_thoroughfare: "",
  building_number: "14",
  building_name: "Albion House",
  sub_building_name: "Flat 3",
  organisation_name: "",
  line_1: "Flat 3, Albion House",
  line_2: "14 Sandfield Road",
  line_3: "",
  county: "Surrey",
  postal_county: "Surrey",
  traditional_county: "Surrey",
  udprn: 23747771,
  country: "England",
};

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

let clock = 1_750_000_000_000;
async function provider(reply: (req: RecordedRequest, index: number) => Reply, timeoutMs = 1000) {
  server = await startLocalServer(reply);
  return createIdealPostcodesAddressProvider({ apiKey: KEY, baseUrl: server.url, timeoutMs, now: () => clock });
}

async function failure(promise: Promise<unknown>): Promise<AddressProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AddressProviderError);
  return error as AddressProviderError;
}

describe("Ideal Postcodes adapter", () => {
  it("autocompletes: GET /v1/autocomplete/addresses?query=…&api_key=…; hits become label/value; the funnel's session id is kept", async () => {
    const p = await provider(() =>
      hits(
        {
          id: "paf_23747771",
          suggestion: "Flat 3, Albion House, 14 Sandfield Road, Guildford, GU1 3AX",
          udprn: 23747771,
          urls: { udprn: "/v1/udprn/23747771" },
        },
        { suggestion: "Flat 4, Albion House, 14 Sandfield Road, Guildford, GU1 3AX", udprn: 23747772 },
      ),
    );
    const found = await p.search("gu1 3ax", { sessionId: "s-1" });
    expect(found).toEqual({
      sessionId: "s-1",
      results: [
        { label: "Flat 3, Albion House, 14 Sandfield Road, Guildford, GU1 3AX", value: "paf_23747771" },
        { label: "Flat 4, Albion House, 14 Sandfield Road, Guildford, GU1 3AX", value: "udprn:23747772" },
      ],
    });
    const [req] = server!.requests;
    expect(req.method).toBe("GET");
    expect(req.path).toBe("/v1/autocomplete/addresses");
    expect(req.query.get("query")).toBe("gu1 3ax");
    expect(req.query.get("api_key")).toBe(KEY);
    expect((await p.search("gu1", {})).sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("resolves a hit id with GET /v1/autocomplete/addresses/{id}/gbr and maps the PAF fields", async () => {
    const p = await provider(() => success(PAF));
    expect(await p.retrieve("paf_23747771", {})).toEqual({
      BuildingName: "Flat 3, Albion House",
      BuildingNumber: 14,
      ThoroughfareName: "Sandfield",
      ThoroughfareDesc: "Road",
      Locality: "Guildford",
      PostalCounty: "Surrey",
      Postcode: "GU1 3AX",
    });
    expect(server!.requests[0].path).toBe("/v1/autocomplete/addresses/paf_23747771/gbr");
    expect(server!.requests[0].query.get("api_key")).toBe(KEY);
  });

  it("resolves a UDPRN-only hit with GET /v1/udprn/{udprn}; keeps a street without a descriptor whole", async () => {
    const p = await provider(() =>
      success({
        ...PAF,
        sub_building_name: "",
        building_name: "",
        building_number: "7",
        thoroughfare: "Broadway",
        post_town: "NEWCASTLE UPON TYNE",
        postal_county: "",
        county: "Tyne and Wear",
      }),
    );
    expect(await p.retrieve("udprn:23747772", {})).toEqual({
      BuildingName: "",
      BuildingNumber: 7,
      ThoroughfareName: "Broadway",
      ThoroughfareDesc: "",
      Locality: "Newcastle upon Tyne",
      PostalCounty: "Tyne and Wear",
      Postcode: "GU1 3AX",
    });
    expect(server!.requests[0].path).toBe("/v1/udprn/23747772");
  });

  const CASES: [number, number][] = [
    [4010, 401],
    [4011, 401],
    [4020, 402],
    [4021, 402],
    [4040, 404],
    [4044, 404],
  ];

  it.each(CASES)("error %i (HTTP %i) fails a search with a provider failure naming the code", async (code, status) => {
    const p = await provider(() => ({ status, json: { code, message: IDEAL_POSTCODES_ERRORS[code] } }));
    const error = await failure(p.search("10 Secret Lane", {}));
    expect(error.code).toBe(`IDEAL_POSTCODES_${code}`);
    expect(error.message).toContain(String(code));
    expect(error.message).not.toContain("Secret");
    expect(error.message).not.toContain(KEY);
    expect(server!.requests).toHaveLength(1);
  });

  it.each(CASES)("error %i (HTTP %i) on resolve: not found → null, anything else → provider failure", async (code, status) => {
    const p = await provider(() => ({ status, json: { code, message: IDEAL_POSTCODES_ERRORS[code] } }));
    if (code === 4040 || code === 4044) {
      expect(await p.retrieve("udprn:-1", {})).toBeNull();
    } else {
      expect((await failure(p.retrieve("udprn:-2", {}))).code).toBe(`IDEAL_POSTCODES_${code}`);
    }
  });

  it("respects the rate limit: after a 429 it makes no calls until Retry-After has passed", async () => {
    const p = await provider((_req, i) =>
      i === 0
        ? {
            status: 429,
            headers: { "retry-after": "30", "x-ratelimit-remaining": "0" },
            json: { code: 4290, message: "Rate limit exceeded" },
          }
        : hits(),
    );
    expect((await failure(p.search("gu1", {}))).code).toBe("IDEAL_POSTCODES_RATE_LIMITED");
    expect((await failure(p.search("gu1", {}))).code).toBe("IDEAL_POSTCODES_RATE_LIMITED");
    expect(server!.requests).toHaveLength(1);
    clock += 31_000;
    expect(await p.search("gu1", {})).toMatchObject({ results: [] });
    expect(server!.requests).toHaveLength(2);
  });

  it("pauses when X-RateLimit-Remaining reaches 0, until X-RateLimit-Reset (Unix seconds)", async () => {
    const reset = String(Math.floor(clock / 1000) + 120);
    const p = await provider(() => ({
      ...hits({ id: "paf_1", suggestion: "1 A Road" }),
      headers: { "x-ratelimit-limit": "3000", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset },
    }));
    expect((await p.search("1 A", {})).results).toHaveLength(1);
    expect((await failure(p.retrieve("paf_1", {}))).code).toBe("IDEAL_POSTCODES_RATE_LIMITED");
    expect(server!.requests).toHaveLength(1);
    clock += 121_000;
    await p.search("1 A", {});
    expect(server!.requests).toHaveLength(2);
  });

  it("gives up after the timeout without retrying", async () => {
    const p = await provider(() => "hang", 200);
    expect((await failure(p.search("gu1", {}))).code).toBe("ADDRESS_TIMEOUT");
    expect(server!.requests).toHaveLength(1);
  });

  it("retries once after a 5xx and succeeds", async () => {
    const p = await provider((_req, i) => (i === 0 ? { status: 502, text: "<html>Bad gateway</html>" } : success(PAF)));
    expect((await p.retrieve("paf_1", {}))?.Postcode).toBe("GU1 3AX");
    expect(server!.requests).toHaveLength(2);
  });

  it("fails on malformed JSON and on an answer without hits", async () => {
    const p = await provider((_req, i) => (i === 0 ? { text: '{"result": {"hits": [' } : success({})));
    expect((await failure(p.search("gu1", {}))).code).toBe("ADDRESS_BAD_JSON");
    expect((await failure(p.search("gu1", {}))).code).toBe("IDEAL_POSTCODES_SHAPE");
    expect(server!.requests).toHaveLength(2);
  });
});
