/**
 * A migrated, empty PGlite data directory for test servers to start from: creating a database and applying every
 * migration costs seconds per server, loading a copy a fraction of that. Made once and kept on disk under
 * node_modules/.cache, named by a hash of the migrations and the PGlite version, so a changed migration makes a new one.
 * Each test server still gets its own in-memory database; only the starting point is shared.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { migrate, readMigrations } from "../db/migrate";
import { openPglite } from "../db/pglite";
import { PROJECT_ROOT } from "../../lint/projectRoot";

const CACHE_DIR = path.join(PROJECT_ROOT, "node_modules", ".cache", "test-pglite");

function snapshotFile(): string {
  const hash = createHash("sha256");
  for (const m of readMigrations()) hash.update(`${m.name}\n${m.sql}\n`);
  const pglite = JSON.parse(
    readFileSync(path.join(PROJECT_ROOT, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8"),
  ).version;
  hash.update(`pglite ${pglite}`);
  return path.join(CACHE_DIR, `${hash.digest("hex").slice(0, 16)}.tar`);
}

async function makeSnapshot(file: string): Promise<Buffer> {
  const db = await openPglite("memory://");
  try {
    await migrate(db);
    const dump = await db.dumpDataDir();
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written whole, then renamed: a worker reading it at the same time never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return bytes;
  } finally {
    await db.close();
  }
}

let snapshot: Promise<Blob> | undefined;

/** The migrated data directory, read (or made) once per process. */
export function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const file = snapshotFile();
    const bytes = existsSync(file) ? readFileSync(file) : await makeSnapshot(file);
    return new Blob([new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)]);
  })();
  return snapshot;
}
