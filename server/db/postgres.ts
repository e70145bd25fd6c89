/** A real PostgreSQL server through a node-postgres Pool (DATABASE_URL); several app instances may share it. */
import pg from "pg";
import type { Db, Queryable } from "./db";

const DATE_OID = 1082;

export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Dates stay "YYYY-MM-DD" strings: a date of birth has no time zone.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as T[] };
    },
    exec: async (sql: string) => {
      await client.query(sql);
    },
  });

  return {
    kind: "postgres",
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
