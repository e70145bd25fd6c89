/**
 * Analytics events are written in batches, off the request path: the endpoint hands them here and answers at
 * once; a timer (or a full buffer) writes everything waiting in one INSERT. A database hiccup loses counts,
 * never slows the funnel; a buffer beyond its bound drops the newest events rather than grow without limit.
 */
import type { Logger } from "pino";
import type { Queryable } from "../db/db";
import type { EventKind } from "./eventBatch";

export interface AnalyticsEventRow {
  visitId: string;
  brandId: string;
  funnelVersion: string;
  variants: Record<string, string>;
  kind: EventKind;
  stepId: string;
  fieldPath?: string;
  rule?: string;
  hook?: string;
  outcome?: string;
  occurredAt: Date;
}

export interface EventWriterOptions {
  db: Queryable;
  logger: Logger;
  /** How long events wait before being written (default 1000 ms). */
  flushMs?: number;
  /** Write as soon as this many wait (default 500). */
  batchSize?: number;
  /** Drop events beyond this many waiting (default 50,000). */
  maxBuffered?: number;
}

/** Writes rows in one statement (columns as arrays, so one plan whatever the count). */
export async function insertEvents(db: Queryable, rows: readonly AnalyticsEventRow[]): Promise<void> {
  if (!rows.length) return;
  const column = <T>(pick: (row: AnalyticsEventRow) => T) => rows.map(pick);
  await db.query(
    `INSERT INTO analytics_events (visit_id, brand_id, funnel_version, variants, kind, step_id, field_path, rule, hook, outcome, occurred_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[])`,
    [
      column((r) => r.visitId),
      column((r) => r.brandId),
      column((r) => r.funnelVersion),
      column((r) => JSON.stringify(r.variants)),
      column((r) => r.kind),
      column((r) => r.stepId),
      column((r) => r.fieldPath ?? null),
      column((r) => r.rule ?? null),
      column((r) => r.hook ?? null),
      column((r) => r.outcome ?? null),
      column((r) => r.occurredAt.toISOString()),
    ],
  );
}

export class EventWriter {
  private waiting: AnalyticsEventRow[] = [];
  private writing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private dropped = 0;

  constructor(private readonly options: EventWriterOptions) {
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? 1000);
    this.timer.unref();
  }

  add(rows: readonly AnalyticsEventRow[]): void {
    const room = (this.options.maxBuffered ?? 50_000) - this.waiting.length;
    if (rows.length > room) this.dropped += rows.length - Math.max(room, 0);
    if (room > 0) this.waiting.push(...rows.slice(0, room));
    if (this.waiting.length >= (this.options.batchSize ?? 500)) void this.flush();
  }

  /** Writes everything waiting now; resolves when written (or the write failed and was logged). */
  async flush(): Promise<void> {
    // Another flush may start a write while this one waits; wait for that too, so that returning with
    // nothing waiting means nothing is still being written (stop() closes the database next).
    while (this.writing) await this.writing;
    if (!this.waiting.length) return;
    const rows = this.waiting;
    this.waiting = [];
    const dropped = this.dropped;
    this.dropped = 0;
    if (dropped) this.options.logger.warn({ dropped }, "analytics events dropped: the buffer was full");
    this.writing = insertEvents(this.options.db, rows)
      .catch((error: unknown) => this.options.logger.error({ err: error, events: rows.length }, "analytics events not written"))
      .finally(() => (this.writing = null));
    await this.writing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
