/**
 * Connection discipline on a real PostgreSQL: a pool that runs dry answers 503
 * with Retry-After within its wait, a statement past its timeout is cancelled,
 * connections the server drops are replaced without a restart, and two
 * parallel submits with one Idempotency-Key make one claim request.
 * Run with TEST_DATABASE_URL set (see postgres.pg-test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, formData, startTestServer, withSurname, type TestServer } from "../testing/harness";
import { fixtureContentJson } from "../../test-fixtures/definitions";
import { openPostgres } from "./postgres";
import { DatabaseUnavailableError } from "./unavailable";
import { scratchDatabase } from "../testing/scratchPostgres";

const scratch = scratchDatabase("claims_pool");

let server: TestServer;
beforeAll(async () => {
  await scratch.create();
  server = await startTestServer({
    databaseUrl: scratch.url,
    pgliteDir: undefined,
    env: { DATABASE_POOL_MAX: "2", DATABASE_POOL_WAIT_MS: "300", DATABASE_STATEMENT_TIMEOUT_MS: "2500" },
  });
});
afterAll(async () => {
  await server?.stop();
  await scratch.drop();
});

const create = (lastName: string) => ({ version: "t1", step: "personal-details", data: formData(withSurname(PEOPLE.rajesh, lastName)) });

describe("connection discipline", () => {
  it("a pool with no free connection answers 503 with Retry-After within its wait, never hangs; health stays up", async () => {
    // Both connections busy for 2.4 s: a request that waited for one would take over 2.3 s, one that gives up after
    // its waits (300 ms for each query it tries) well under that, even on a loaded machine.
    const holding = Promise.all([1, 2].map(() => server.db.transaction((tx) => tx.query("SELECT pg_sleep(2.4)"))));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const res = await new Visitor(server.url).post("/api/claim-requests", create("Pooldry"));
    const took = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.body).toEqual({ error: fixtureContentJson.text.request.unavailable, retryable: true });
    expect(took).toBeLessThan(1500);
    expect((await new Visitor(server.url).get("/api/health")).status).toBe(200);
    await holding;
    expect((await new Visitor(server.url).post("/api/claim-requests", create("Poolfree"))).status).toBe(201);
  });

  it("a statement past DATABASE_STATEMENT_TIMEOUT_MS is cancelled as a retryable fault", async () => {
    const started = Date.now();
    const error = await server.db.query("SELECT pg_sleep(5)").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as DatabaseUnavailableError).fault).toBe("busy");
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("connections the server drops are replaced on the next query: no restart, ready again", async () => {
    expect((await new Visitor(server.url).post("/api/claim-requests", create("Beforedrop"))).status).toBe(201);
    await scratch.admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [
      scratch.name,
    ]);
    // The pool notices dropped idle connections and opens new ones; at worst one call sees a 503 first.
    let status = 0;
    for (let i = 0; i < 5 && status !== 201; i++)
      status = (await new Visitor(server.url).post("/api/claim-requests", create(`Afterdrop${"abcde"[i]}`))).status;
    expect(status).toBe(201);
    expect((await new Visitor(server.url).get("/api/ready")).status).toBe(200);
  });

  it("a connection dropped in the middle of a transaction fails that transaction as 'down' and does not crash the process", async () => {
    const error = await server.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        await scratch.admin("SELECT pg_terminate_backend($1)", [rows[0].pid]);
        await new Promise((r) => setTimeout(r, 300));
        await tx.query("SELECT 1");
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as DatabaseUnavailableError).fault).toBe("down");
    expect((await new Visitor(server.url).post("/api/claim-requests", create("Afterbroken"))).status).toBe(201);
  });

  it("a database that cannot be reached is a 'down' fault, quickly", async () => {
    const unreachable = openPostgres("postgres://postgres@127.0.0.1:1/none", { waitMs: 1000 });
    const started = Date.now();
    const error = await unreachable.query("SELECT 1").catch((e: unknown) => e);
    await unreachable.close();
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as DatabaseUnavailableError).fault).toBe("down");
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("two identical submits in parallel with one Idempotency-Key make one claim request", async () => {
    const body = create("Parallelpg");
    const key = `pg-double-${Date.now()}`;
    const send = () => new Visitor(server.url).post("/api/claim-requests", body, { headers: { "idempotency-key": key } });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    const { rows: claims } = await server.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM claim_requests WHERE last_name = 'Parallelpg'",
    );
    expect(Number(claims[0].n)).toBe(1);
  });
});
