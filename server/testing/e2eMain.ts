/**
 * The server as server/main.ts starts it, for the end-to-end tests (playwright.config.ts, e2e/support/spawnServer.ts),
 * compiled like the production build. One difference: an in-memory database starts from the migrated snapshot
 * (./migratedSnapshot.ts) instead of creating a database and applying every migration, which was most of the CPU
 * each e2e server spent starting. A database on disk or PostgreSQL is opened and migrated as in production.
 */
import { start } from "../app";
import { migratedSnapshot } from "./migratedSnapshot";

const inMemory = (process.env.PGLITE_DIR ?? "").startsWith("memory://") && !process.env.DATABASE_URL;

try {
  const server = await start(inMemory ? { pgliteSnapshot: await migratedSnapshot() } : {});
  console.log(`Claim funnels server listening on ${server.url}`);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
