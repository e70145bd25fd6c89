/**
 * An express-rate-limit store in the database, so every app instance on one
 * PostgreSQL counts against the same limit (three instances no longer allow
 * three times as much). A fixed window per key: the first hit after reset_at
 * starts a new window. One upsert per hit, atomic under concurrency.
 */
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Queryable } from "../db/db";

/** Expired rows are swept now and then, not on every hit. */
const SWEEP_EVERY = 200;

export class PgRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private hitsSinceSweep = 0;

  /** `prefix` names the limiter, so two limiters never share a counter. */
  constructor(
    private readonly db: Queryable,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.db.query<{ hits: number; reset_at: Date | string }>(
      "SELECT hits, reset_at FROM rate_limits WHERE key = $1 AND reset_at > now()",
      [this.key(key)],
    );
    return rows[0] ? { totalHits: rows[0].hits, resetTime: new Date(rows[0].reset_at) } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { rows } = await this.db.query<{ hits: number; reset_at: Date | string }>(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2::double precision))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
       RETURNING hits, reset_at`,
      [this.key(key), this.windowMs / 1000],
    );
    if (++this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0;
      await this.db.query("DELETE FROM rate_limits WHERE reset_at < now() - interval '1 minute'");
    }
    return { totalHits: rows[0].hits, resetTime: new Date(rows[0].reset_at) };
  }

  async decrement(key: string): Promise<void> {
    await this.db.query("UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1 AND reset_at > now()", [this.key(key)]);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.query("DELETE FROM rate_limits WHERE key = $1", [this.key(key)]);
  }
}
