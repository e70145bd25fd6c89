/**
 * The retention purge: deletes (or strips) each kind of data once its period
 * (server/retention.ts) is over. One instance at a time runs it, under a PostgreSQL
 * advisory lock, and at most once per interval across instances
 * (data_purge_runs). It returns and logs counts only, never content.
 */
import type { Logger } from "pino";
import type { Db, Queryable } from "../db/db";
import { DAY_MS, type RetentionPeriods } from "../retention";
import { ROLLUP_LOCK_KEY, rollupPending } from "../analytics/rollup";

/** Any constant shared by every instance; not the migrations' lock. */
const PURGE_LOCK_KEY = 732_040;

export interface PurgeCounts {
  abandonedClaimRequests: number;
  /** Account-setup email codes (auth/claimEmailProof.ts), kept like email verifications. */
  claimEmailCodes: number;
  creditReports: number;
  verifications: number;
  resetTokens: number;
  sessions: number;
  outboxDelivered: number;
  outboxGivenUp: number;
  affiliateLinkUses: number;
  rateLimits: number;
  funnelSessions: number;
  emailVerifications: number;
  kbaAttempts: number;
  pendingConfirmations: number;
  idempotencyKeys: number;
  analyticsEvents: number;
  operatorSessions: number;
  saveReturnLinks: number;
}

export type PurgeOutcome = { ran: true; counts: PurgeCounts } | { ran: false; reason: "locked" | "recently-run" };

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

async function count(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`, params);
  return Number((rows[0] as { n: number }).n);
}

/** One pass over every kind, with `now` as the clock (tests pass a fake one). */
export async function purgeExpired(db: Queryable, periods: RetentionPeriods, now: Date): Promise<PurgeCounts> {
  return {
    // Never joined an account: the visitor left. Cascades to its credit checks, verifications, claims and consents.
    abandonedClaimRequests: await count(db, "DELETE FROM claim_requests WHERE user_id IS NULL AND erased_at IS NULL AND updated_at < $1", [
      before(now, periods.abandonedClaimRequestDays),
    ]),
    // The claims found stay; the agreements they came from go (and any full report stored before only agreements were kept).
    creditReports: await count(
      db,
      "UPDATE credit_checks SET agreements_sealed = NULL, report = NULL WHERE (agreements_sealed IS NOT NULL OR report IS NOT NULL) AND created_at < $1",
      [before(now, periods.creditReportDays)],
    ),
    verifications: await count(db, "DELETE FROM identity_verifications WHERE created_at < $1", [before(now, periods.verificationDays)]),
    claimEmailCodes: await count(db, "DELETE FROM claim_email_codes WHERE expires_at < $1", [before(now, periods.emailVerificationDays)]),
    resetTokens: await count(db, "DELETE FROM password_resets WHERE expires_at < $1", [before(now, periods.resetTokenDays)]),
    sessions: await count(db, "DELETE FROM sessions WHERE expires_at < $1", [before(now, periods.sessionDays)]),
    outboxDelivered: await count(db, "DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < $1", [
      before(now, periods.outboxDeliveredDays),
    ]),
    outboxGivenUp: await count(db, "DELETE FROM outbox WHERE gave_up_at IS NOT NULL AND gave_up_at < $1", [
      before(now, periods.outboxGivenUpDays),
    ]),
    affiliateLinkUses: await count(db, "DELETE FROM affiliate_link_uses WHERE used_at < $1", [before(now, periods.affiliateLinkDays)]),
    // The store sweeps its own stale rows as requests come; this catches a quiet server's.
    rateLimits: await count(db, "DELETE FROM rate_limits WHERE reset_at < $1", [before(now, periods.rateLimitDays)]),
    funnelSessions: await count(db, "DELETE FROM funnel_sessions WHERE expires_at < $1", [before(now, periods.funnelSessionDays)]),
    emailVerifications: await count(db, "DELETE FROM email_verifications WHERE expires_at < $1", [
      before(now, periods.emailVerificationDays),
    ]),
    kbaAttempts: await count(db, "DELETE FROM kba_attempts WHERE created_at < $1", [before(now, periods.kbaAttemptDays)]),
    pendingConfirmations: await count(db, "DELETE FROM pending_confirmations WHERE expires_at < $1", [
      before(now, periods.pendingConfirmationDays),
    ]),
    idempotencyKeys: await count(db, "DELETE FROM idempotency_keys WHERE created_at < $1", [before(now, periods.idempotencyKeyDays)]),
    analyticsEvents: await purgeAnalyticsEvents(db, before(now, periods.analyticsEventDays), now),
    operatorSessions: await count(db, "DELETE FROM operator_sessions WHERE expires_at < $1", [before(now, periods.operatorSessionDays)]),
    // A link that no longer works is kept no longer: saveReturnLinkDays is how long it works, not how long it stays.
    saveReturnLinks: await count(db, "DELETE FROM save_return_links WHERE expires_at < $1", [now]),
  };
}

/**
 * Raw analytics events go once their days are rolled up (analytics/rollup.ts), under the rollup's lock so a
 * report's rollup never reads a half-purged day. While another instance holds that lock, they wait for the next pass.
 */
async function purgeAnalyticsEvents(db: Queryable, cutoff: Date, now: Date): Promise<number> {
  const { rows } = await db.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS locked", [ROLLUP_LOCK_KEY]);
  if (!rows[0].locked) return 0;
  await rollupPending(db, now);
  return count(db, "DELETE FROM analytics_events WHERE occurred_at < $1", [cutoff]);
}

/**
 * Runs the purge unless another instance holds the lock or one ran within
 * `minIntervalMs` of `now`. The lock is a transaction lock, so it is released
 * however the run ends.
 */
export async function runPurge(db: Db, periods: RetentionPeriods, now: Date, minIntervalMs: number): Promise<PurgeOutcome> {
  return db.transaction(async (tx): Promise<PurgeOutcome> => {
    const { rows } = await tx.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS locked", [PURGE_LOCK_KEY]);
    if (!rows[0].locked) return { ran: false, reason: "locked" };
    const last = await tx.query<{ last_run_at: Date }>("SELECT last_run_at FROM data_purge_runs WHERE id = 1");
    const lastRun = last.rows[0] ? new Date(last.rows[0].last_run_at).getTime() : null;
    // A last run "in the future" (an instance with a fast clock) does not stop this one for good.
    const recent = lastRun !== null && lastRun <= now.getTime() && now.getTime() - lastRun < minIntervalMs;
    if (recent) return { ran: false, reason: "recently-run" };
    const counts = await purgeExpired(tx, periods, now);
    await tx.query(
      "INSERT INTO data_purge_runs (id, last_run_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET last_run_at = EXCLUDED.last_run_at",
      [now],
    );
    return { ran: true, counts };
  });
}

export interface PurgeJob {
  /** Runs one pass now (what the timer does); resolves with its outcome. */
  runNow(): Promise<PurgeOutcome>;
  stop(): Promise<void>;
}

export interface PurgeJobOptions {
  db: Db;
  logger: Logger;
  periods: RetentionPeriods;
  intervalMs: number;
  /** The clock (tests pass a fake one). */
  now?: () => Date;
  /** Wait before the first pass, so start-up is not slowed (default 30 s). */
  firstRunDelayMs?: number;
}

/** Schedules the purge every intervalMs in this instance; the lock and the last-run row keep it to one pass per interval overall. */
export function startPurgeJob(options: PurgeJobOptions): PurgeJob {
  const now = options.now ?? (() => new Date());
  let running: Promise<PurgeOutcome> | null = null;
  let stopped = false;

  const runNow = async (): Promise<PurgeOutcome> => {
    running ??= (async () => {
      try {
        // Slightly under the interval, so timers that drift a little do not skip a pass.
        const outcome = await runPurge(options.db, options.periods, now(), options.intervalMs * 0.9);
        if (outcome.ran) options.logger.info({ purged: outcome.counts }, "retention purge done");
        else options.logger.debug({ reason: outcome.reason }, "retention purge skipped");
        return outcome;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const tick = () => {
    if (stopped) return;
    runNow().catch((error: unknown) => options.logger.error({ err: error }, "retention purge failed"));
  };
  const first = setTimeout(tick, options.firstRunDelayMs ?? 30_000);
  const timer = setInterval(tick, options.intervalMs);
  first.unref();
  timer.unref();
  return {
    runNow,
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
