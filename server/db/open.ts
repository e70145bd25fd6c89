import type { Db } from "./db";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";

/** DATABASE_URL wins; otherwise the embedded PGlite in pgliteDir ("memory://" keeps it in memory). */
export async function openDb(options: { databaseUrl?: string; pgliteDir: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDir);
}
