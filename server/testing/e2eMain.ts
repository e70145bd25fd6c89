/**
 * The server as server/main.ts starts it, for the end-to-end tests (playwright.config.ts, e2e/support/spawnServer.ts),
 * compiled like the production build. One difference: an in-memory database starts from the migrated snapshot
 * (./migratedSnapshot.ts) instead of creating a database and applying every migration, which was most of the CPU
 * each e2e server spent starting. A database on disk or PostgreSQL is opened and migrated as in production.
 */
import { runServer } from "../runServer";
import { migratedSnapshot } from "./migratedSnapshot";

const inMemory = (process.env.PGLITE_DIR ?? "").startsWith("memory://") && !process.env.DATABASE_URL;

await runServer(inMemory ? { pgliteSnapshot: await migratedSnapshot() } : {});
