/**
 * The retention purge with two app instances on one real PostgreSQL (each its
 * own pool, as separate processes would be): started together, one purges and
 * the other skips (the advisory lock, then the shared last run); every expired
 * row goes exactly once. Run by `npm run test:pg` (server/db/vitest.pg.config.ts).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/db";
import { migrate } from "../db/migrate";
import { openPostgres } from "../db/postgres";
import { runPurge, type PurgeOutcome } from "./purge";
import { DAY_MS, DEFAULT_RETENTION } from "../retention";
import { scratchDatabase } from "../testing/scratchPostgres";

const scratch = scratchDatabase("purge_test");

const instances: Db[] = [];
beforeAll(async () => {
  await scratch.create();
  for (let i = 0; i < 2; i++) instances.push(openPostgres(scratch.url));
  await Promise.all(instances.map((db) => migrate(db)));
});
afterAll(async () => {
  await Promise.all(instances.map((db) => db.close()));
  await scratch.drop();
});

describe("retention purge on PostgreSQL with two instances", () => {
  it("runs once when both start it together, and not again within the interval", async () => {
    const [db] = instances;
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO users (email, password_hash) VALUES ('pg.purge@example.com', 'x') RETURNING id",
    );
    for (let i = 0; i < 50; i++) {
      await db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() - interval '1 hour')", [
        `expired-${i}`,
        rows[0].id,
      ]);
    }
    await db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ('live', $1, now() + interval '1 day')", [rows[0].id]);
    const now = new Date();
    const outcomes: PurgeOutcome[] = await Promise.all(
      instances.map((instance) => runPurge(instance, DEFAULT_RETENTION, now, 60 * 60_000)),
    );
    const ran = outcomes.filter((o) => o.ran);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ ran: true, counts: { sessions: 50 } });
    expect(outcomes.find((o) => !o.ran)).toMatchObject({ ran: false, reason: expect.stringMatching(/^(locked|recently-run)$/) });
    const left = await db.query<{ token_hash: string }>("SELECT token_hash FROM sessions");
    expect(left.rows.map((r) => r.token_hash)).toEqual(["live"]);
    // Later in the same interval, from either instance: skipped. After it: runs again.
    expect(await runPurge(instances[1], DEFAULT_RETENTION, new Date(now.getTime() + 10 * 60_000), 60 * 60_000)).toEqual({
      ran: false,
      reason: "recently-run",
    });
    expect((await runPurge(instances[1], DEFAULT_RETENTION, new Date(now.getTime() + 2 * DAY_MS), 60 * 60_000)).ran).toBe(true);
  });

  it("an instance that finds the lock held skips", async () => {
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock(732040)");
      expect(await runPurge(instances[0], DEFAULT_RETENTION, new Date(Date.now() + 10 * DAY_MS), 60_000)).toEqual({
        ran: false,
        reason: "locked",
      });
      await holder.query("COMMIT");
    } finally {
      await holder.end();
    }
    expect((await runPurge(instances[0], DEFAULT_RETENTION, new Date(Date.now() + 10 * DAY_MS), 60_000)).ran).toBe(true);
  });
});
