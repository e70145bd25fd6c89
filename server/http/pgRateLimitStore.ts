/**
 * An express-rate-limit store in the database, so every app instance on one
 * PostgreSQL counts against the same limit (three instances no longer allow
 * three times as much). A fixed window per key: the first hit after reset_at
 * starts a new window. One upsert per hit, atomic under concurrency.
 *
 * With `leaseUpTo` above 1 a busy key does not cost one upsert per hit: an instance
 * takes the next few hit numbers of the shared counter in one upsert (1, then 4, 16, …
 * up to `leaseUpTo` while the key stays busy in the window) and hands them out
 * itself. Every hit still has its own number in the shared count, so all instances
 * together never allow more than the limit; numbers an instance took and did not
 * use make the limit at most `leaseUpTo - 1` per instance stricter for that key.
 * Hits that arrive together while a key's lease is used up wait for one upsert
 * and share its numbers: each taking a lease of its own would throw away all but
 * one, and a burst of them (a spike of visitors behind one address) used up the
 * whole limit in a few seconds.
 * Only for limiters that never give a hit back (no skipSuccessfulRequests).
 */
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Queryable } from "../db/db";

/** How much larger each lease of a key still busy in its window is than the one before. */
const LEASE_GROWTH = 4;
/** Expired rows are swept now and then, not on every hit. */
const SWEEP_EVERY = 200;
/** Leases of keys whose window is over are dropped now and then, so the map holds only live keys. */
const FORGET_EVERY = 1000;

interface Lease {
  /** The next hit number this instance may hand out, and the last one it took. */
  next: number;
  last: number;
  /** How many numbers the last upsert took (the next one takes twice as many). */
  size: number;
  /** When the window ends, by this process's clock (the database's clock may differ). */
  endsAt: number;
  resetTime: Date;
}

export class PgRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private hitsSinceSweep = 0;
  private readonly leases = new Map<string, Lease>();
  /** The upsert under way for a key, if any: hits that find its lease used up wait for it. */
  private readonly refills = new Map<string, Promise<unknown>>();
  private takesSinceForget = 0;

  /** `prefix` names the limiter, so two limiters never share a counter. */
  constructor(
    private readonly db: Queryable,
    readonly prefix: string,
    private readonly leaseUpTo = 1,
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
    for (;;) {
      const lease = this.leases.get(key);
      if (lease && lease.next <= lease.last && Date.now() < lease.endsAt) {
        return { totalHits: lease.next++, resetTime: lease.resetTime };
      }
      const refill = this.refills.get(key);
      if (!refill) break;
      // Whether it worked or not, look again: a failed upsert is its own caller's error, this hit tries its own.
      await refill.catch(() => undefined);
    }
    if (this.leaseUpTo <= 1) return this.take(key, undefined);
    const taking = this.take(key, this.leases.get(key));
    this.refills.set(key, taking);
    try {
      return await taking;
    } finally {
      this.refills.delete(key);
    }
  }

  /** One upsert: the next hit number for this request, and (with leases) the following ones for the hits after it. */
  private async take(key: string, lease: Lease | undefined): Promise<ClientRateLimitInfo> {
    // Each upsert holds the event loop while an embedded database (PGlite) runs it, so a busy key gets to its full
    // lease in few of them; how fast it grows does not change the bound (at most leaseUpTo - 1 unused numbers).
    const size = lease && Date.now() < lease.endsAt ? Math.min(lease.size * LEASE_GROWTH, this.leaseUpTo) : 1;
    const { rows } = await this.db.query<{ hits: number; reset_at: Date | string; remaining_ms: number | string }>(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, $3, now() + make_interval(secs => $2::double precision))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.reset_at <= now() THEN $3 ELSE rate_limits.hits + $3 END,
         reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
       RETURNING hits, reset_at, extract(epoch FROM reset_at - now()) * 1000 AS remaining_ms`,
      [this.key(key), this.windowMs / 1000, size],
    );
    if (++this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0;
      await this.db.query("DELETE FROM rate_limits WHERE reset_at < now() - interval '1 minute'");
    }
    const hits = rows[0].hits;
    const resetTime = new Date(rows[0].reset_at);
    if (this.leaseUpTo > 1) {
      if (++this.takesSinceForget >= FORGET_EVERY) this.forgetEnded();
      this.leases.set(key, { next: hits - size + 2, last: hits, size, endsAt: Date.now() + Number(rows[0].remaining_ms), resetTime });
    }
    return { totalHits: hits - size + 1, resetTime };
  }

  async decrement(key: string): Promise<void> {
    await this.db.query("UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1 AND reset_at > now()", [this.key(key)]);
  }

  async resetKey(key: string): Promise<void> {
    this.leases.delete(key);
    await this.db.query("DELETE FROM rate_limits WHERE key = $1", [this.key(key)]);
  }

  private forgetEnded() {
    this.takesSinceForget = 0;
    const now = Date.now();
    for (const [key, lease] of this.leases) if (lease.endsAt <= now) this.leases.delete(key);
  }
}
