/** The outbox on a real (in-memory PGlite) database: idempotent enqueue, retries with backoff, giving up, leases, two workers, stop. */
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../db/db";
import { migrate } from "../db/migrate";
import { openPglite } from "../db/pglite";
import { claimDue, enqueue, outboxCounts } from "./store";
import { startOutboxWorker, type OutboxHandler } from "./worker";

let db: Db;
const logger = pino({ level: "silent" });
const FAST = { pollMs: 10, baseDelayMs: 10, maxDelayMs: 40, leaseMs: 5000 };

// PGlite compiles its WASM per test file: slow on a busy 2-core machine.
beforeAll(async () => {
  db = await openPglite("memory://");
  await migrate(db);
}, 90_000);
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  await db.query("DELETE FROM outbox");
});

const messages = (n: number, prefix = "k") =>
  Array.from({ length: n }, (_, i) => ({ topic: "t", idempotencyKey: `${prefix}-${i}`, body: `{"n":${i}}` }));

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("outbox", () => {
  it("keeps one row per idempotency key however often it is enqueued", async () => {
    expect(await enqueue(db, messages(3))).toBe(3);
    expect(await enqueue(db, messages(3))).toBe(0);
    expect(await outboxCounts(db)).toEqual({ pending: 3, delivered: 0, gaveUp: 0 });
  });

  it("retries a failing delivery with backoff until it succeeds, then marks it delivered", async () => {
    await enqueue(db, messages(1));
    const calls: number[] = [];
    const handler: OutboxHandler = async (m) => {
      calls.push(Date.now());
      if (m.attempts < 3) throw new Error(`receiver said no (${m.attempts})`);
    };
    const worker = startOutboxWorker({
      db,
      logger,
      handlers: { t: handler },
      settings: { ...FAST, baseDelayMs: 60, maxDelayMs: 1000 },
      random: () => 0,
    });
    await until(async () => (await outboxCounts(db)).delivered === 1);
    await worker.stop();
    expect(calls).toHaveLength(3);
    // Equal jitter with random 0: half of 60 ms, then half of 120 ms.
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(25);
    expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(55);
    const { rows } = await db.query<{ attempts: number; last_error: string | null; body: string }>(
      "SELECT attempts, last_error, body FROM outbox",
    );
    // Delivered: the claimant's details in the body are no longer kept.
    expect(rows).toEqual([{ attempts: 3, last_error: null, body: "" }]);
    expect(await enqueue(db, messages(1))).toBe(0);
  });

  it("gives up after maxAttempts but keeps the row, with the last error, for an operator", async () => {
    await enqueue(db, messages(1));
    let calls = 0;
    const worker = startOutboxWorker({
      db,
      logger,
      handlers: {
        t: async () => {
          calls++;
          throw new Error("HTTP 500");
        },
      },
      settings: { ...FAST, maxAttempts: 3 },
    });
    await until(async () => (await outboxCounts(db)).gaveUp === 1);
    await new Promise((r) => setTimeout(r, 100));
    await worker.stop();
    expect(calls).toBe(3);
    const { rows } = await db.query<{ attempts: number; last_error: string; body: string }>(
      "SELECT attempts, last_error, body FROM outbox",
    );
    // Given up: only ids stay; the claimant's details in the body are dropped (an operator rebuilds it to requeue).
    expect(rows).toEqual([{ attempts: 3, last_error: "HTTP 500", body: "" }]);
  });

  it("hides a taken message for its lease, and hands it out again when the lease runs out (a worker that died)", async () => {
    await enqueue(db, messages(2));
    const first = await claimDue(db, ["t"], 10, 150);
    expect(first.map((m) => m.idempotency_key).sort()).toEqual(["k-0", "k-1"]);
    expect(await claimDue(db, ["t"], 10, 150)).toEqual([]);
    expect(await claimDue(db, ["other"], 10, 150)).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    const again = await claimDue(db, ["t"], 10, 150);
    expect(again.map((m) => m.attempts)).toEqual([2, 2]);
  });

  it("two workers on one database deliver each message exactly once", async () => {
    await enqueue(db, messages(40));
    const delivered = new Map<string, number>();
    const handler: OutboxHandler = async (m) => {
      await new Promise((r) => setTimeout(r, 5));
      delivered.set(m.idempotency_key, (delivered.get(m.idempotency_key) ?? 0) + 1);
    };
    const workers = [1, 2].map(() => startOutboxWorker({ db, logger, handlers: { t: handler }, settings: { ...FAST, batchSize: 4 } }));
    await until(async () => (await outboxCounts(db)).delivered === 40);
    await Promise.all(workers.map((w) => w.stop()));
    expect(delivered.size).toBe(40);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
  });

  it("stop() aborts a delivery in flight and releases its lease: due at once for another instance, the attempt not counted", async () => {
    await enqueue(db, messages(1));
    let started = false;
    const worker = startOutboxWorker({
      db,
      logger,
      handlers: {
        t: (_m, signal) =>
          new Promise<void>((_resolve, reject) => {
            started = true;
            signal.addEventListener("abort", () => reject(new Error("stopped")));
          }),
      },
      settings: FAST,
    });
    await until(async () => started);
    await worker.stop();
    const { rows } = await db.query<{ attempts: number; delivered_at: Date | null; last_error: string; due: boolean }>(
      "SELECT attempts, delivered_at, last_error, next_attempt_at <= now() AS due FROM outbox",
    );
    expect(rows).toEqual([{ attempts: 0, delivered_at: null, last_error: "stopped", due: true }]);
    expect(await outboxCounts(db)).toEqual({ pending: 1, delivered: 0, gaveUp: 0 });
  });

  it("leaves messages of topics it has no handler for", async () => {
    await enqueue(db, [{ topic: "elsewhere", idempotencyKey: "e-1", body: "{}" }]);
    const worker = startOutboxWorker({ db, logger, handlers: { t: async () => {} }, settings: FAST });
    await new Promise((r) => setTimeout(r, 80));
    await worker.stop();
    expect(await outboxCounts(db)).toEqual({ pending: 1, delivered: 0, gaveUp: 0 });
  });
});
