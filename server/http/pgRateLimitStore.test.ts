/** The shared counter with leases: several instances together never allow more than the limit, in few round trips. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Options } from "express-rate-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Queryable } from "../db/db";
import { MIGRATIONS_DIR } from "../db/migrate";
import { openPglite } from "../db/pglite";
import { PgRateLimitStore } from "./pgRateLimitStore";

let db: Db;
beforeAll(async () => {
  db = await openPglite("memory://");
  await db.exec(readFileSync(path.join(MIGRATIONS_DIR, "020_rate_limits.sql"), "utf8"));
});
afterAll(() => db.close());

function counting(inner: Queryable) {
  const counter = { queries: 0 };
  const queryable: Queryable = {
    query: (sql, params) => {
      counter.queries++;
      return inner.query(sql, params);
    },
    exec: (sql) => inner.exec(sql),
  };
  return { queryable, counter };
}

function store(queryable: Queryable, prefix: string, leaseUpTo: number, windowMs = 60_000) {
  const s = new PgRateLimitStore(queryable, prefix, leaseUpTo);
  s.init({ windowMs } as Options);
  return s;
}

describe("PgRateLimitStore", () => {
  it("without leases counts every hit in the database", async () => {
    const { queryable, counter } = counting(db);
    const s = store(queryable, "plain", 1);
    const totals = [];
    for (let i = 0; i < 5; i++) totals.push((await s.increment("1.2.3.4")).totalHits);
    expect(totals).toEqual([1, 2, 3, 4, 5]);
    expect(counter.queries).toBe(5);
    expect((await s.get("1.2.3.4"))?.totalHits).toBe(5);
  });

  it("three instances with leases hand out each hit number once, never more than the shared count", async () => {
    const { queryable, counter } = counting(db);
    const instances = [store(queryable, "leased", 8), store(queryable, "leased", 8), store(queryable, "leased", 8)];
    const totals: number[] = [];
    for (let i = 0; i < 300; i++) totals.push((await instances[i % 3].increment("5.6.7.8")).totalHits);
    // Every number is distinct: no two hits, on any instance, are counted as the same one.
    expect(new Set(totals).size).toBe(300);
    const shared = (await instances[0].get("5.6.7.8"))!.totalHits;
    // Each instance has at most a lease of 8 taken and unused.
    expect(shared).toBeGreaterThanOrEqual(300);
    expect(shared).toBeLessThanOrEqual(300 + 3 * 7);
    expect(counter.queries).toBeLessThan(300 / 4);
  });

  it("a busy key reaches its full lease in a few round trips, one visitor's first hit takes one number", async () => {
    const { queryable, counter } = counting(db);
    const s = store(queryable, "busy", 6000);
    for (let i = 0; i < 1000; i++) await s.increment("9.9.9.9");
    // Leases of 1, 4, 16, 64, 256 and 1024 numbers.
    expect(counter.queries).toBe(6);
    expect((await s.get("9.9.9.9"))!.totalHits).toBe(1 + 4 + 16 + 64 + 256 + 1024);
    expect((await s.increment("1.1.1.1")).totalHits).toBe(1);
    expect((await s.get("1.1.1.1"))!.totalHits).toBe(1);
  });

  it("hits arriving together share one upsert's lease instead of each taking one (a burst never uses up the limit)", async () => {
    const { queryable, counter } = counting(db);
    const s = store(queryable, "burst", 3000);
    const burst = async (n: number) =>
      (await Promise.all(Array.from({ length: n }, () => s.increment("10.0.0.1")))).map((r) => r.totalHits);
    const first = await burst(200);
    const second = await burst(200);
    // Every hit has a number of its own, and the numbers taken are barely more than the hits.
    expect(new Set([...first, ...second]).size).toBe(400);
    expect(counter.queries).toBe(6);
    const shared = (await s.get("10.0.0.1"))!.totalHits;
    expect(shared).toBeGreaterThanOrEqual(400);
    // Leases of 1, 4, 16, 64, 256 and 1024, the last used in part. Each hit taking a lease of its own took 1000 and more.
    expect(shared).toBe(1 + 4 + 16 + 64 + 256 + 1024);
  });

  it("a new window starts the count again, and a reset key forgets the lease", async () => {
    const s = store(db, "window", 8, 200);
    for (let i = 0; i < 20; i++) await s.increment("k");
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await s.increment("k")).totalHits).toBe(1);
    await s.resetKey("k");
    expect(await s.get("k")).toBeUndefined();
    expect((await s.increment("k")).totalHits).toBe(1);
  });
});
