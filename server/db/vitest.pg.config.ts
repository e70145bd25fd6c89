import { defineConfig } from "vitest/config";

/** Only the real-PostgreSQL suite: `npx vitest run --config server/db/vitest.pg.config.ts` with TEST_DATABASE_URL set. */
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["server/**/*.pg-test.ts"],
    environment: "node",
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: "forks",
    // The files share one PostgreSQL database; one at a time keeps their tables their own.
    fileParallelism: false,
    // They also share the worker's modules (as the integration project does): importing the server afresh for each
    // file was most of this suite's time.
    isolate: false,
  },
});
