/**
 * The database and settings an operator command works on: the same
 * configuration as the server (DATABASE_URL, or PGLITE_DIR; the embedded
 * database can be open in one process at a time, so stop the server first),
 * migrated like at start-up.
 */
import { loadConfig, type Config } from "../config";
import type { Db } from "../db/db";
import { migrate } from "../db/migrate";
import { openDb } from "../db/open";

export async function openOperatorDb(env: Record<string, string | undefined> = process.env): Promise<{ db: Db; config: Config }> {
  const config = loadConfig(env);
  const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  await migrate(db);
  return { db, config };
}

/** `--name value` or `--name=value`. */
export function option(args: readonly string[], name: string): string | undefined {
  const eq = args.find((a) => a.startsWith(`--${name}=`));
  if (eq) return eq.slice(name.length + 3);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}
