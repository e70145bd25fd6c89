/**
 * The same migrations, queries and API against a real PostgreSQL server.
 * Run with TEST_DATABASE_URL set (a role that may CREATE DATABASE):
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run --config server/db/vitest.pg.config.ts
 * Each run works in a fresh database that it drops afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, createSignedClaim, startTestServer, type TestServer, setUpAccount } from "../testing/harness";
import { runDatabaseContract } from "./database.contract";
import { runClaimProgressContract } from "../store/claimProgress.contract";
import type { Db } from "./db";
import { migrate, readMigrations } from "./migrate";
import { openPostgres } from "./postgres";
import { loadCatalogue } from "../lenders/catalogue";
import { seedLenders } from "../lenders/seed";
import { scratchDatabase } from "../testing/scratchPostgres";

const scratch = scratchDatabase("claims_test");

let db: Db;
beforeAll(async () => {
  await scratch.create();
  db = openPostgres(scratch.url);
});
afterAll(async () => {
  await db?.close();
  await scratch.drop();
});

describe("PostgreSQL", () => {
  it("is a real PostgreSQL 15 or later", async () => {
    const { rows } = await db.query<{ server_version_num: string }>("SHOW server_version_num");
    expect(Number(rows[0].server_version_num)).toBeGreaterThanOrEqual(150000);
  });

  it("applies the migrations once, even when two instances start together", async () => {
    const other = openPostgres(scratch.url);
    const [a, b] = await Promise.all([migrate(db), migrate(other)]);
    await other.close();
    // Every migration is applied by exactly one of the two instances.
    expect([...a, ...b].sort()).toEqual(
      readMigrations()
        .map((m) => m.name)
        .sort(),
    );
    expect(await migrate(db)).toEqual([]);
  });

  it("seeds lenders idempotently and passes the shared database contract", async () => {
    await seedLenders(db, loadCatalogue());
    await seedLenders(db, loadCatalogue());
    await runDatabaseContract(db);
  });

  it("passes the claim progress contract (CRM events, payout accounts, confirmations)", async () => {
    await runClaimProgressContract(db);
  });
});

describe("the API on PostgreSQL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl: scratch.url, pgliteDir: undefined });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("runs the funnel's happy path: claim, credit check, save, account, portal", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.amelia);
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(run.body.status).toBe("success");
    const saved = await visitor.post("/api/save-claims", {
      claim_request_id: id,
      credit_check_id: run.body.creditCheckId,
      claims: run.body.claims,
    });
    expect(saved.body.data.claims).toHaveLength(run.body.claimsFound);
    expect((await setUpAccount(visitor, id, "correct horse battery")).status).toBe(201);
    const portal = await visitor.get("/api/portal/claims");
    expect(portal.body.claimRequests[0]).toMatchObject({ id, date_of_birth: PEOPLE.amelia.dateOfBirth });
    expect(portal.body.claims).toHaveLength(run.body.claimsFound);
  });
});
