import type { Db } from "./db";
import { openPglite } from "./pglite";
import { openPostgres, type PostgresPoolOptions } from "./postgres";

/** DATABASE_URL wins; otherwise the embedded PGlite in pgliteDir ("memory://" keeps it in memory). */
export async function openDb(options: {
  databaseUrl?: string;
  pgliteDir: string;
  pool?: Partial<PostgresPoolOptions>;
  pgliteSnapshot?: Blob;
}): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.pool)
    : openPglite(options.pgliteDir, { loadDataDir: options.pgliteSnapshot });
}
