/** A real PostgreSQL server through a node-postgres Pool (DATABASE_URL); several app instances may share it. */
import { createRequire } from "node:module";
import type pgModule from "pg";
import type { Db, Queryable } from "./db";
import { asUnavailable } from "./unavailable";

const DATE_OID = 1082;

/** Connection discipline per instance (DATABASE_POOL_MAX, DATABASE_POOL_WAIT_MS, DATABASE_STATEMENT_TIMEOUT_MS). */
export interface PostgresPoolOptions {
  /** Connections this instance may hold at once. */
  max: number;
  /** How long a query waits for a free connection (or a new one to open) before it fails as "busy". */
  waitMs: number;
  /** The server cancels any statement running longer; a transaction left idle is ended after twice this. */
  statementTimeoutMs: number;
}

export const DEFAULT_POOL_OPTIONS: PostgresPoolOptions = { max: 10, waitMs: 2000, statementTimeoutMs: 5000 };

/**
 * node-postgres loads on the first connection, not with the server: an instance on the embedded PGlite never
 * uses it, and loading it took about 40 ms of every start-up.
 */
function loadPg(): typeof pgModule {
  return createRequire(import.meta.url)("pg") as typeof pgModule;
}

export function openPostgres(connectionString: string, options: Partial<PostgresPoolOptions> = {}): Db {
  const pg = loadPg();
  const settings = { ...DEFAULT_POOL_OPTIONS, ...options };
  const pool = new pg.Pool({
    connectionString,
    max: settings.max,
    // Never queue without bound: past this a request fails fast and the API answers 503 with Retry-After.
    connectionTimeoutMillis: settings.waitMs,
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.statementTimeoutMs * 2,
    // A client-side guard too, for a server that stops answering without closing the connection.
    query_timeout: settings.statementTimeoutMs + 2000,
    keepAlive: true,
    // Dates stay "YYYY-MM-DD" strings: a date of birth has no time zone.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection (a server restart) must not crash the process; the pool drops it and
  // the next query opens a new connection, so the instance reconnects by itself.
  pool.on("error", () => {});

  const wrap = (client: pgModule.Pool | pgModule.PoolClient): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => {
      try {
        const result = await client.query(sql, params as unknown[] | undefined);
        return { rows: result.rows as T[] };
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    exec: async (sql: string) => {
      try {
        await client.query(sql);
      } catch (error) {
        throw asUnavailable(error);
      }
    },
  });

  return {
    kind: "postgres",
    ...wrap(pool),
    transaction: async (fn) => {
      let client: pgModule.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asUnavailable(error);
      }
      let broken: Error | undefined;
      // A connection that drops while checked out (the server restarting between two statements) emits 'error' on
      // the client; without a listener that would crash the process. Note it, and throw it away on release.
      const onError = (error: Error) => {
        broken = error;
      };
      client.on("error", onError);
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollbackError: Error) => {
          // The connection itself failed: do not hand it to the next request.
          broken = rollbackError;
        });
        throw asUnavailable(error);
      } finally {
        client.off("error", onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
