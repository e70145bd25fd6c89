/**
 * Daily rollups of the raw analytics events (aggregate.ts), kept after the raw events are purged. A visit
 * counts on the day it started. A day is rolled up again on each pass until a pass two days after it (its
 * visits are over by then); after that it is final. With several instances one pass runs at a time, under an
 * advisory lock: the purge job runs it before deleting raw events (privacy/purge.ts), and `funnel report`
 * runs it before reading.
 */
import type { Db, Queryable } from "../db/db";
import { DAY_MS } from "../retention";
import { tallyVisits, type VisitEvent } from "./aggregate";

/** Any constant shared by every instance; not the migrations' nor the purge's lock. */
export const ROLLUP_LOCK_KEY = 732_093;
const FINAL_AFTER_MS = 2 * DAY_MS;

interface EventRow {
  visit_id: string;
  brand_id: string;
  funnel_version: string;
  variants: Record<string, string> | string;
  kind: VisitEvent["kind"];
  step_id: string;
  field_path: string | null;
  rule: string | null;
  hook: string | null;
  outcome: string | null;
  occurred_at: Date | string;
}

/** The events of every visit that started on `day` (UTC). */
async function visitsStartedOn(db: Queryable, day: string): Promise<VisitEvent[]> {
  const start = new Date(`${day}T00:00:00Z`);
  const { rows } = await db.query<EventRow>(
    `WITH started AS (
       SELECT visit_id FROM analytics_events WHERE occurred_at >= $1 AND occurred_at < $2
       EXCEPT SELECT visit_id FROM analytics_events WHERE occurred_at < $1
     )
     SELECT e.visit_id, e.brand_id, e.funnel_version, e.variants, e.kind, e.step_id, e.field_path, e.rule, e.hook, e.outcome, e.occurred_at
     FROM analytics_events e JOIN started USING (visit_id)`,
    [start, new Date(start.getTime() + DAY_MS)],
  );
  return rows.map((r) => ({
    visitId: r.visit_id,
    brandId: r.brand_id,
    funnelVersion: r.funnel_version,
    variants: typeof r.variants === "string" ? (JSON.parse(r.variants) as Record<string, string>) : r.variants,
    kind: r.kind,
    stepId: r.step_id,
    fieldPath: r.field_path,
    rule: r.rule,
    hook: r.hook,
    outcome: r.outcome,
    occurredAt: new Date(r.occurred_at),
  }));
}

/** Replaces one day's rollup rows with a fresh count of its visits. */
export async function rollupDay(db: Queryable, day: string, now: Date): Promise<void> {
  const groups = tallyVisits(await visitsStartedOn(db, day));
  await db.query("DELETE FROM analytics_daily_steps WHERE day = $1", [day]);
  await db.query("DELETE FROM analytics_daily_visits WHERE day = $1", [day]);
  for (const group of groups) {
    const k = group.key;
    await db.query(
      `INSERT INTO analytics_daily_visits (day, brand_id, experiment_id, variant, funnel_version, visits, completed, hooks)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
      [day, k.brandId, k.experimentId, k.variant, k.funnelVersion, group.visits, group.completed, JSON.stringify(group.hooks)],
    );
    const steps = [...group.steps.entries()];
    if (!steps.length) continue;
    await db.query(
      `INSERT INTO analytics_daily_steps (day, brand_id, experiment_id, variant, funnel_version, step_id, entered, continued, seconds, failures)
       SELECT $1, $2, $3, $4, $5, * FROM unnest($6::text[], $7::int[], $8::int[], $9::jsonb[], $10::jsonb[])`,
      [
        day,
        k.brandId,
        k.experimentId,
        k.variant,
        k.funnelVersion,
        steps.map(([id]) => id),
        steps.map(([, s]) => s.entered),
        steps.map(([, s]) => s.continued),
        steps.map(([, s]) => JSON.stringify(s.seconds)),
        steps.map(([, s]) => JSON.stringify(s.failures)),
      ],
    );
  }
  await db.query(
    "INSERT INTO analytics_rollup_days (day, rolled_at) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET rolled_at = EXCLUDED.rolled_at",
    [day, now],
  );
}

/** Rolls up every day that has raw events and is not final yet; returns the days rolled up. */
export async function rollupPending(db: Queryable, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ day: string }>(
    `SELECT DISTINCT ((occurred_at AT TIME ZONE 'UTC')::date)::text AS day FROM analytics_events
     EXCEPT SELECT day::text FROM analytics_rollup_days WHERE rolled_at >= (day::timestamp AT TIME ZONE 'UTC') + $1::interval
     ORDER BY day`,
    [`${FINAL_AFTER_MS / 1000} seconds`],
  );
  const days = rows.map((r) => r.day);
  for (const day of days) await rollupDay(db, day, now);
  return days;
}

/** One rollup pass under the lock, waiting for another instance's pass to end (the report wants fresh numbers). */
export async function runRollup(db: Db, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [ROLLUP_LOCK_KEY]);
    return rollupPending(tx, now);
  });
}
