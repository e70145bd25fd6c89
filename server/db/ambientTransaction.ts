/**
 * One transaction around a whole request, without the request's code passing it
 * around: inside runInTransaction(fn), every ctx.db.query of that async context
 * runs on the same transaction, and a nested ctx.db.transaction becomes a
 * savepoint. The idempotency middleware (routes/idempotency.ts) uses it so that a
 * write and the record of its answer commit together or not at all: an instance
 * killed mid-request leaves neither behind, and a retry runs it once.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db, Queryable } from "./db";

export interface AmbientDb extends Db {
  /** Runs fn in one transaction that every query of its async context joins; committed when fn resolves. */
  runInTransaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
}

export function withAmbientTransactions(db: Db): AmbientDb {
  const ambient = new AsyncLocalStorage<Queryable>();
  let savepoints = 0;
  const current = () => ambient.getStore() ?? db;
  return {
    kind: db.kind,
    query: (sql, params) => current().query(sql, params),
    exec: (sql) => current().exec(sql),
    transaction: async (fn) => {
      const tx = ambient.getStore();
      if (!tx) return db.transaction(fn);
      const name = `nested_${++savepoints}`;
      await tx.query(`SAVEPOINT ${name}`);
      try {
        const result = await fn(tx);
        await tx.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => {});
        throw error;
      }
    },
    runInTransaction: (fn) => db.transaction((tx) => ambient.run(tx, () => fn(tx))),
    close: () => db.close(),
  };
}

export function hasAmbientTransactions(db: Db): db is AmbientDb {
  return typeof (db as Partial<AmbientDb>).runInTransaction === "function";
}
