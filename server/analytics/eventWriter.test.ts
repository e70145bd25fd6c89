import { describe, expect, it } from "vitest";
import pino from "pino";
import type { Queryable } from "../db/db";
import { EventWriter, type AnalyticsEventRow } from "./eventWriter";

const row = (stepId: string): AnalyticsEventRow => ({
  visitId: "v",
  brandId: "b",
  funnelVersion: "t1",
  variants: {},
  kind: "step_shown",
  stepId,
  occurredAt: new Date(0),
});

/** Lets every promise callback already queued run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A database whose inserts finish only when the test lets them, and which records what finished. */
function heldDb() {
  const finished: string[][] = [];
  const pending: (() => void)[] = [];
  const db: Queryable = {
    query: (_sql, params) =>
      new Promise((resolve) =>
        pending.push(() => {
          finished.push((params as string[][])[5]);
          resolve({ rows: [], rowCount: 0 } as never);
        }),
      ),
    exec: async () => undefined,
  };
  const releaseAll = async () => {
    await settle();
    while (pending.length) {
      pending.shift()!();
      await settle();
    }
  };
  return { db, finished, pending, releaseAll };
}

describe("EventWriter", () => {
  it("stop() resolves only once every write started before it has finished, even one another flush began meanwhile", async () => {
    const { db, finished, pending, releaseAll } = heldDb();
    const writer = new EventWriter({ db, logger: pino({ level: "silent" }), flushMs: 60_000 });
    writer.add([row("first")]);
    const firstFlush = writer.flush();
    await settle();
    expect(pending).toHaveLength(1);
    writer.add([row("second")]);
    // Two callers wait on the first write: a flush (as the timer would) and stop().
    const secondFlush = writer.flush();
    let stopped = false;
    const stop = writer.stop().then(() => (stopped = true));
    await settle();
    pending.shift()!();
    await firstFlush;
    // The second flush has started its write; stop() must still be waiting for it.
    await settle();
    expect(pending).toHaveLength(1);
    expect(stopped).toBe(false);
    await releaseAll();
    await Promise.all([secondFlush, stop]);
    expect(finished).toEqual([["first"], ["second"]]);
    expect(stopped).toBe(true);
  });

  it("writes a full batch at once, without waiting for the timer", async () => {
    const { db, finished, releaseAll } = heldDb();
    const writer = new EventWriter({ db, logger: pino({ level: "silent" }), flushMs: 60_000, batchSize: 2 });
    writer.add([row("a"), row("b")]);
    await releaseAll();
    expect(finished).toEqual([["a", "b"]]);
    await writer.stop();
  });
});
