import { defineConfig } from "vitest/config";

/** Only the real-PostgreSQL suite: `npx vitest run --config server/db/vitest.pg.config.ts` with TEST_DATABASE_URL set. */
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["server/db/postgres.pg-test.ts", "server/outbox/outbox.pg-test.ts", "server/identity/attempts.pg-test.ts"],
    environment: "node",
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: "forks",
  },
});
