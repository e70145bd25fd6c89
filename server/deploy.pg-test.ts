/**
 * Many instances on one real PostgreSQL: three start together and migrate
 * once; failed sign-ins spread over two of them are limited as one; behind a
 * proxy (TRUST_PROXY=1) two clients are limited separately.
 * Run with TEST_DATABASE_URL set (see server/db/postgres.pg-test.ts).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMigrations } from "./db/migrate";
import { startTestServer, type TestServer } from "./testing/harness";
import { scratchDatabase } from "./testing/scratchPostgres";

const scratch = scratchDatabase("claims_deploy");

const failedSignIn = (server: TestServer, client: string) =>
  fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify({ email: `someone.${Math.random()}@example.com`, password: "wrong password" }),
  }).then((r) => r.status);

let instances: TestServer[] = [];
beforeAll(async () => {
  await scratch.create();
  // Three instances starting together on an empty database, as a rolling deploy or a scale-out does.
  instances = await Promise.all(
    [0, 1, 2].map(() =>
      startTestServer({
        databaseUrl: scratch.url,
        pgliteDir: undefined,
        env: { TRUST_PROXY: "1" },
        rateLimits: { login: 4, loginPerAccount: 100 },
      }),
    ),
  );
});
afterAll(async () => {
  await Promise.all(instances.map((s) => s.stop()));
  await scratch.drop();
});

describe("several instances on one PostgreSQL", () => {
  it("three instances starting together migrate once", async () => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT version FROM schema_migrations ORDER BY version");
      expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
    } finally {
      await client.end();
    }
  });

  it("failed sign-ins spread over two instances are limited as one", async () => {
    const [a, b] = instances;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await failedSignIn(i % 2 === 0 ? a : b, "198.51.100.7"));
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it("with TRUST_PROXY=1, another client behind the same proxy is limited separately", async () => {
    const [a, b, c] = instances;
    expect(await failedSignIn(c, "198.51.100.7")).toBe(429);
    expect(await failedSignIn(a, "198.51.100.8")).toBe(401);
    expect(await failedSignIn(b, "198.51.100.8")).toBe(401);
  });
});
