/**
 * The outbox with several app instances on one real PostgreSQL: each worker has
 * its own connection pool (as separate processes would), and FOR UPDATE SKIP
 * LOCKED plus the lease must hand every message to exactly one of them.
 * Run by `npm run test:pg` (server/db/vitest.pg.config.ts).
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/db";
import { migrate } from "../db/migrate";
import { openPostgres } from "../db/postgres";
import { enqueue, outboxCounts } from "./store";
import { startOutboxWorker, type OutboxHandler } from "./worker";
import { scratchDatabase } from "../testing/scratchPostgres";

const scratch = scratchDatabase("outbox_test");

const pools: Db[] = [];
beforeAll(async () => {
  await scratch.create();
  for (let i = 0; i < 3; i++) pools.push(openPostgres(scratch.url));
  await Promise.all(pools.map((db) => migrate(db)));
});
afterAll(async () => {
  await Promise.all(pools.map((db) => db.close()));
  await scratch.drop();
});

describe("outbox on PostgreSQL with three instances", () => {
  it("delivers each of 200 messages exactly once, shared between the instances, with failures retried", async () => {
    const messages = Array.from({ length: 200 }, (_, i) => ({ topic: "t", idempotencyKey: `pg-${i}`, body: `{"n":${i}}` }));
    await enqueue(pools[0], messages);
    const delivered = new Map<string, number>();
    const byInstance = [0, 0, 0];
    const handler =
      (instance: number): OutboxHandler =>
      async (m) => {
        await new Promise((r) => setTimeout(r, 2));
        // Every fifth message fails on its first attempt.
        if (m.attempts === 1 && Number(m.idempotency_key.slice(3)) % 5 === 0) throw new Error("HTTP 503");
        delivered.set(m.idempotency_key, (delivered.get(m.idempotency_key) ?? 0) + 1);
        byInstance[instance]++;
      };
    const logger = pino({ level: "silent" });
    const workers = pools.map((db, i) =>
      startOutboxWorker({
        db,
        logger,
        handlers: { t: handler(i) },
        settings: { pollMs: 5, baseDelayMs: 10, maxDelayMs: 50, batchSize: 5 },
      }),
    );
    const end = Date.now() + 30_000;
    while ((await outboxCounts(pools[0])).delivered < 200 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(workers.map((w) => w.stop()));

    expect(await outboxCounts(pools[0])).toEqual({ pending: 0, delivered: 200, gaveUp: 0 });
    expect(delivered.size).toBe(200);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
    expect(byInstance.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
  });
});
