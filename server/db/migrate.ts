/**
 * Plain SQL migrations (server/db/migrations/NNN_name.sql), applied in order
 * once each, tracked in schema_migrations. An advisory lock keeps two app
 * instances starting together from applying the same migration twice.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "./db";
import { PROJECT_ROOT } from "../../lint/projectRoot";

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "server", "db", "migrations");
const LOCK_KEY = 732_001; // any constant shared by every instance

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: file.slice(0, 3), name: file.replace(/\.sql$/, ""), sql: readFileSync(path.join(dir, file), "utf8") }));
}

/** Applies pending migrations; returns the names applied now. */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  // The usual start: everything is applied already, which one query can tell (migrations are never taken back).
  if (await allApplied(db, migrations)) return [];
  // Under the lock too: two instances racing on CREATE TABLE IF NOT EXISTS can both try to create it.
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [LOCK_KEY]);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [LOCK_KEY]);
      const { rows } = await tx.query("SELECT 1 FROM schema_migrations WHERE version = $1", [migration.version]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}

async function allApplied(db: Db, migrations: Migration[]): Promise<boolean> {
  const { rows: table } = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!table[0]?.present) return false;
  const { rows } = await db.query<{ version: string }>("SELECT version FROM schema_migrations");
  const versions = new Set(rows.map((r) => r.version));
  return migrations.every((m) => versions.has(m.version));
}
