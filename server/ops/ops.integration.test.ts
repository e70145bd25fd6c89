/**
 * /api/ops over real HTTP: 404 for anyone without an operator session (anonymous, a consumer's cookies), sign-in
 * refused for a wrong password, a wrong, missing or replayed TOTP code, a rate limit on attempts, and the audit
 * rows (operator id and action, nothing else).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { startTestServer, Visitor, type TestServer } from "../testing/harness";
import { PasswordHasher } from "../auth/passwords";
import { DataKeyring } from "../crypto/dataEncryption";
import { createOperator } from "./operators";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";

const PASSWORD = "correct horse battery staple";
let server: TestServer;
let secret: string;

beforeAll(async () => {
  // The operators' pages need no funnel: the tests' own small definitions.
  server = await startTestServer({ rateLimits: { login: 8 }, definitionsDir: FIXTURE_DEFINITIONS_DIR });
  const created = await createOperator(
    server.db,
    { passwords: new PasswordHasher({ memoryKiB: 1024, iterations: 1, parallelism: 1 }), keyring: DataKeyring.development() },
    "ops-alice",
    PASSWORD,
  );
  secret = created.secret;
  expect(created.uri).toMatch(/^otpauth:\/\/totp\//);
});
afterAll(async () => {
  await server?.stop();
});

const report = (visitor: Visitor) => visitor.get("/api/ops/report?brand=fairdrive&since=2026-01-01");
const codeAt = (seconds: number) => generate({ secret, epoch: seconds });
const now = () => Math.floor(Date.now() / 1000);
const dashboardPage = async (visitor: Visitor) => {
  const res = await visitor.raw("/ops");
  await res.text();
  return { status: res.status, cacheControl: res.headers.get("cache-control") };
};

describe("/api/ops", () => {
  it("is 404 to anonymous visitors and to consumers' cookies, like an unknown route", async () => {
    const anonymous = new Visitor(server.url);
    expect((await report(anonymous)).status).toBe(404);
    expect((await anonymous.post("/api/ops/sign-out")).status).toBe(404);
    const consumer = new Visitor(server.url);
    consumer.cookies.set("session", "a-consumer-session");
    consumer.cookies.set("ops_session", "made-up");
    expect((await report(consumer)).status).toBe(404);
    expect((await report(consumer)).body).toEqual({ error: "No API route for GET /api/ops/report" });
    expect((await consumer.get("/api/ops/brands")).status).toBe(404);
    // The dashboard's page is the not-found page to them too; its sign-in page is open, as the sign-in API is.
    for (const visitor of [anonymous, consumer]) {
      expect(await dashboardPage(visitor)).toEqual({ status: 404, cacheControl: "no-store" });
      expect((await visitor.raw("/ops/sign-in")).status).toBe(200);
    }
  });

  it("refuses a wrong password, a wrong, missing or replayed code; signs in with both; then shows reports", async () => {
    const operator = new Visitor(server.url);
    const attempt = (password: string, code: string) => operator.post("/api/ops/sign-in", { username: "ops-alice", password, code });
    const wrongCode = String((Number(await codeAt(now())) + 1) % 1_000_000).padStart(6, "0");
    expect((await attempt("wrong password here", await codeAt(now()))).status).toBe(401);
    expect((await attempt(PASSWORD, wrongCode)).status).toBe(401);
    expect((await attempt(PASSWORD, "")).status).toBe(401);
    expect((await operator.post("/api/ops/sign-in", { username: "ops-alice", password: PASSWORD })).status).toBe(400);
    expect(operator.cookies.has("ops_session")).toBe(false);
    expect((await report(operator)).status).toBe(404);

    const code = await codeAt(now());
    const signedIn = await attempt(PASSWORD, code);
    expect(signedIn.status).toBe(200);
    expect(operator.cookies.get("ops_session")).toBeTruthy();
    expect(await dashboardPage(operator)).toEqual({ status: 200, cacheControl: "no-store" });
    expect((await operator.get("/api/ops/brands")).body.brands).toContainEqual({ brandId: "fairdrive", brandName: expect.any(String) });
    const shown = await report(operator);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ brandId: "fairdrive", funnels: { experimentId: null } });
    expect((await operator.get("/api/ops/report?brand=no-such-brand&since=2026-01-01")).status).toBe(404);

    // The same code again (say, seen over a shoulder) does not sign in a second browser.
    const replay = new Visitor(server.url);
    expect((await replay.post("/api/ops/sign-in", { username: "ops-alice", password: PASSWORD, code })).status).toBe(401);

    const { rows } = await server.db.query<Record<string, unknown>>("SELECT * FROM operator_audit ORDER BY id");
    expect(rows.map((r) => r.action)).toEqual([
      "sign_in_refused",
      "sign_in_refused",
      "sign_in_refused",
      "sign_in",
      "report_view",
      "sign_in_refused",
    ]);
    expect(rows.every((r) => Object.keys(r).sort().join() === "action,at,brand_id,id,operator_id")).toBe(true);

    expect((await operator.post("/api/ops/sign-out")).status).toBe(200);
    expect((await report(operator)).status).toBe(404);
    expect((await dashboardPage(operator)).status).toBe(404);
  });

  it("limits sign-in attempts per address", async () => {
    const visitor = new Visitor(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await visitor.post("/api/ops/sign-in", { username: "nobody", password: "x", code: "000000" })).status);
    // Eight attempts per window on this server, from this address; the test before used six of them.
    expect(statuses).toEqual([401, 401, 429]);
  });
});
