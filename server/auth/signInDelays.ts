/**
 * Growing delays between failed sign-ins to one account, whatever addresses
 * they come from. After `free` failures each further attempt must wait: 30 s,
 * then twice as long after each failure, at most 5 minutes. An attempt inside
 * the delay is answered 429 with Retry-After and no password check; once the
 * delay has passed, the owner's correct password works and clears the count.
 * So strangers' guesses slow guessing down without locking the owner out for
 * long (a hard block let three guesses from three addresses shut them out for
 * 15 minutes).
 *
 * Kept in `rate_limits` under accountSignInLimitKey (erasure removes it): `hits`
 * counts failures, and `reset_at` is the last failure plus FORGET_AFTER, when the
 * row ends and the count is forgotten. Each attempt takes its place atomically
 * before the password is checked, so parallel guesses cannot slip past a delay
 * together.
 */
import type { Queryable } from "../db/db";
import { accountSignInLimitKey } from "../http/rateLimits";

export const SIGN_IN_DELAY_FIRST_MS = 30_000;
export const SIGN_IN_DELAY_MAX_MS = 5 * 60_000;
/** Failures are forgotten a day after the last one. */
const FORGET_AFTER = "24 hours";

/** The delay, in ms, owed after `failures` failures (SQL, over a column or parameter). */
const delayMsSql = (failures: string, free: string) =>
  `(CASE WHEN ${failures} < ${free} THEN 0 ELSE LEAST(${SIGN_IN_DELAY_MAX_MS}, ${SIGN_IN_DELAY_FIRST_MS} * power(2, ${failures} - ${free})) END)`;

/** When the next attempt is allowed: the last failure plus the delay its count owes. */
const allowedAtSql = (free: string) =>
  `rate_limits.reset_at - interval '${FORGET_AFTER}' + make_interval(secs => ${delayMsSql("rate_limits.hits", free)} / 1000.0)`;

export type SignInAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes an attempt for this email, counted as a failure until `signInSucceeded` clears it; refused while the
 * account's delay runs. `free` is how many failures come without a delay.
 */
export async function takeSignInAttempt(db: Queryable, email: string, free: number): Promise<SignInAttempt> {
  const key = accountSignInLimitKey(email);
  const { rows } = await db.query<{ hits: number }>(
    `INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, now() + interval '${FORGET_AFTER}')
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
       reset_at = now() + interval '${FORGET_AFTER}'
     WHERE rate_limits.reset_at <= now() OR ${allowedAtSql("$2::int")} <= now()
     RETURNING hits`,
    [key, free],
  );
  if (rows.length > 0) return { allowed: true };
  const wait = await db.query<{ seconds: number | string | null }>(
    `SELECT ceil(EXTRACT(EPOCH FROM (${allowedAtSql("$2::int")} - now()))) AS seconds FROM rate_limits WHERE key = $1`,
    [key, free],
  );
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(wait.rows[0]?.seconds ?? 1)) };
}

/** The right password: the account's count of failures is cleared. */
export async function signInSucceeded(db: Queryable, email: string): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE key = $1", [accountSignInLimitKey(email)]);
}
