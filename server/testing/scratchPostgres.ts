/**
 * A throwaway database on the real PostgreSQL the PostgreSQL suite runs against
 * (TEST_DATABASE_URL, started by tools/with-postgres.sh): each test file gets its
 * own, so files never see each other's rows.
 */
import pg from "pg";

export interface ScratchDatabase {
  name: string;
  /** The connection URL of the scratch database. */
  url: string;
  /** Runs one statement as the server's administrator (on the admin database). */
  admin(sql: string, params?: unknown[]): Promise<void>;
  create(): Promise<void>;
  drop(): Promise<void>;
}

export function scratchDatabase(prefix: string): ScratchDatabase {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set: this suite needs a real PostgreSQL server.");
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql, params);
    } finally {
      await client.end();
    }
  };
  return {
    name,
    url: url.toString(),
    admin,
    create: () => admin(`CREATE DATABASE ${name}`),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
