/**
 * The embedded database: PGlite (Postgres in WASM). One process per data
 * directory, so a lock file refuses a second server on the same directory.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite, types, type Transaction } from "@electric-sql/pglite";
import type { Db, Queryable } from "./db";

const MEMORY = "memory://";

function wrap(q: PGlite | Transaction): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await q.query<T>(sql, params as unknown[] | undefined);
      return { rows: result.rows };
    },
    exec: async (sql: string) => {
      await q.exec(sql);
    },
  };
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function takeLock(dir: string): () => void {
  const lockFile = path.join(dir, ".server.lock");
  try {
    const holder = Number(readFileSync(lockFile, "utf8"));
    if (holder && holder !== process.pid && processIsAlive(holder)) {
      throw new Error(
        `PGlite data directory ${dir} is in use by process ${holder}. PGlite allows one process per directory: stop that process, use another PGLITE_DIR, or set DATABASE_URL.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/** `loadDataDir`: a data directory (PGlite's dumpDataDir) an in-memory database starts from instead of an empty one. */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Db & { dumpDataDir(): Promise<Blob> }> {
  const inMemory = dataDir === MEMORY || dataDir.startsWith(MEMORY);
  let releaseLock = () => {};
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = takeLock(path.resolve(dataDir));
  }
  // Dates stay "YYYY-MM-DD" strings, as node-postgres is configured to return them.
  const pg = await PGlite.create(inMemory ? MEMORY : path.resolve(dataDir), {
    parsers: { [types.DATE]: (value: string) => value },
    ...(inMemory && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const base = wrap(pg);
  return {
    kind: "pglite",
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    /** The whole data directory as an uncompressed tarball (a snapshot to start another in-memory database from). */
    dumpDataDir: async () => (await pg.dumpDataDir("none")) as Blob,
    close: async () => {
      try {
        if (!pg.closed) await pg.close();
      } finally {
        releaseLock();
      }
    },
  };
}
