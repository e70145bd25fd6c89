import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, formData, startTestServer, withSurname, type TestServer } from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const ID = "6f1c5a8e-2b7d-4c2b-9d3e-4a5b6c7d8e9f";

/** Every POST route with a body that is the right shape but wrongly typed, and one with a field missing. */
const ROUTES: { path: string; wrongType: unknown; missing: unknown }[] = [
  { path: "/api/address/search", wrongType: { search: 12345 }, missing: { sessionId: "abc" } },
  { path: "/api/address/retrieve", wrongType: { id: ["SBX-1"] }, missing: { applicationName: "funnel" } },
  {
    path: "/api/claim-requests",
    wrongType: { version: "t1", step: "address", data: "everything" },
    missing: { version: "t1", data: {} },
  },
  {
    path: "/api/crm/clients",
    wrongType: { claim_request_id: ID, brand_id: 7, provider_type: "sandbox" },
    missing: { claim_request_id: ID },
  },
  { path: "/api/credit-check/run", wrongType: { claim_request_id: 42 }, missing: {} },
  { path: "/api/save-claims", wrongType: { claim_request_id: ID, claims: "all of them" }, missing: { claims: [] } },
  { path: "/api/account/setup", wrongType: { claim_request_id: ID, password: 12345678 }, missing: { password: "long enough" } },
  { path: "/api/auth/login", wrongType: { email: true, password: "x" }, missing: { email: "a@example.com" } },
];

async function postRaw(path: string, body: string, contentType = "application/json") {
  const res = await fetch(server.url + path, { method: "POST", headers: { "content-type": contentType }, body });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, text, json };
}

function expectCleanError(res: { status: number; text: string; json: any }, status: number | [number, number]) {
  if (Array.isArray(status)) {
    expect(res.status).toBeGreaterThanOrEqual(status[0]);
    expect(res.status).toBeLessThanOrEqual(status[1]);
  } else {
    expect(res.status).toBe(status);
  }
  expect(res.json).not.toBeNull();
  expect(typeof res.json.error).toBe("string");
  expect(res.json.error.length).toBeGreaterThan(5);
  expect(res.text).not.toMatch(/at .*\.(ts|js):\d+|node_modules|stack/i);
}

describe.each(ROUTES)("POST $path with bad input", ({ path, wrongType, missing }) => {
  it("malformed JSON → 400", async () => {
    const res = await postRaw(path, '{"search": "10 Dow",');
    expectCleanError(res, 400);
    expect(res.json.error).toBe("The request body is not valid JSON");
  });

  it("a JSON array or string instead of an object → 400", async () => {
    expectCleanError(await postRaw(path, "[1,2,3]"), 400);
    expectCleanError(await postRaw(path, '"hello"'), 400);
  });

  it("no JSON content type → 400", async () => {
    const res = await postRaw(path, "search=10+Dow", "application/x-www-form-urlencoded");
    expectCleanError(res, 400);
    expect(res.json.error).toBe("The request body must be a JSON object");
  });

  it("wrong types → 400 naming the field", async () => {
    const res = await postRaw(path, JSON.stringify(wrongType));
    expectCleanError(res, 400);
  });

  it("a missing field → 400 saying it is required", async () => {
    const res = await postRaw(path, JSON.stringify(missing));
    expectCleanError(res, 400);
    expect(res.json.error).toMatch(/is required/);
  });

  it("an unknown field → 400", async () => {
    const res = await postRaw(path, JSON.stringify({ ...(missing as object), surprise: 1 }));
    expectCleanError(res, 400);
  });

  it("a 5 MB body → 413, and the server stays healthy", async () => {
    const big = JSON.stringify({ search: "x".repeat(5 * 1024 * 1024) });
    const res = await postRaw(path, big);
    expectCleanError(res, 413);
    expect(res.json.error).toBe("The request body is too large (the limit is 100 kB)");
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
  });
});

describe("other bad requests", () => {
  it("unknown API routes answer JSON 404", async () => {
    const visitor = new Visitor(server.url);
    expect(await visitor.get("/api/nothing-here")).toMatchObject({
      status: 404,
      body: { error: "No API route for GET /api/nothing-here" },
    });
    expect((await visitor.post("/api/claim-requests/123/delete", {})).status).toBe(404);
  });

  it("specific messages for the claim request body", async () => {
    const visitor = new Visitor(server.url);
    expect(
      (await visitor.post("/api/claim-requests", { version: "t1", step: "address", data: {}, claim_request_id: "42" })).body.error,
    ).toBe("claim_request_id: must be a valid id");
    expect(
      (await visitor.post("/api/claim-requests", { version: "t1", step: "address", data: { personalDetails: { firstName: 7 } } })).body
        .error,
    ).toBe("personalDetails.firstName must be a string");
    expect(
      (
        await visitor.post("/api/claim-requests", {
          version: "t1",
          step: "address",
          data: { contactDetails: { isTermsPolicyAgreed: "yes" } },
        })
      ).body.error,
    ).toBe("contactDetails.isTermsPolicyAgreed must be a boolean");
  });

  it("address search needs at least 3 characters", async () => {
    const res = await new Visitor(server.url).post("/api/address/search", { search: "10" });
    expect(res).toMatchObject({ status: 400, body: { error: "search: Type at least 3 characters to search" } });
  });

  it("a cross-site POST is refused", async () => {
    const res = await new Visitor(server.url).post(
      "/api/auth/login",
      { email: "a@example.com", password: "x" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(res).toMatchObject({ status: 403, body: { error: "Cross-site request refused" } });
  });

  it("a POST from an opaque origin (Origin: null: a sandboxed iframe, a data: page) is refused like a cross-site one", async () => {
    const person = withSurname(PEOPLE.amelia, "Nullorigin");
    const attempt = { version: "t1", step: "personal-details", data: formData(person) };
    const visitor = new Visitor(server.url);
    const res = await visitor.post("/api/claim-requests", attempt, { headers: { origin: "null" } });
    expect(res).toMatchObject({ status: 403, body: { error: "Cross-site request refused" } });
    expect(visitor.cookies.has("funnel_session")).toBe(false);
    const stored = await server.db.query("SELECT 1 FROM claim_requests WHERE last_name = $1", [person.lastName]);
    expect(stored.rows).toHaveLength(0);
    // The same call from this site's own pages goes through.
    const own = await visitor.post("/api/claim-requests", attempt, { headers: { origin: server.url } });
    expect(own.status).toBe(201);
  });

  it("a 5 MB body sent in chunks without a length → 413", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"search":"'));
        if (sent >= 5 * 1024 * 1024) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const init = { method: "POST", headers: { "content-type": "application/json" }, body: stream, duplex: "half" } as RequestInit;
    const res = await fetch(`${server.url}/api/address/search`, init).catch((error: unknown) => error);
    // The server answers 413 as soon as the limit is passed; the client may see the answer or a reset socket.
    if (res instanceof Response) {
      expect(res.status).toBe(413);
      expect((await res.json()).error).toBe("The request body is too large (the limit is 100 kB)");
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it("after all that the server is still healthy", async () => {
    expect((await new Visitor(server.url).get("/api/health")).body).toEqual({ status: "ok" });
  });
});
