/**
 * Retention with a fake clock: each kind of data is still there one minute
 * before its period ends and gone one minute after, and nothing else is
 * touched. (Two instances purging together: purge.pg-test.ts.)
 */
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, createSignedClaim, startTestServer, withSurname, type TestServer, setUpAccount } from "../testing/harness";
import { purgeExpired, runPurge, startPurgeJob, type PurgeCounts } from "./purge";
import { DAY_MS, DEFAULT_RETENTION, type RetentionPeriods } from "../retention";

let server: TestServer;
const MINUTE = 60_000;
const NEVER = 3650;
const PASSWORD = "correct horse battery";

/** Every period far away except the one under test, so one kind is checked at a time. */
const only = (key: keyof RetentionPeriods, days: number): RetentionPeriods =>
  ({ ...Object.fromEntries(Object.keys(DEFAULT_RETENTION).map((k) => [k, NEVER])), [key]: days }) as unknown as RetentionPeriods;

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await server.db.query<T>(sql, params)).rows[0];
}
const at = (value: Date | string, plusMs: number) => new Date(new Date(value).getTime() + plusMs);
const exists = async (sql: string, params: unknown[]) => (await server.db.query(sql, params)).rows.length > 0;

/** Checks a kind: not purged a minute before anchor + days, purged a minute after, and only it. */
async function checkKind(key: keyof RetentionPeriods, countKey: keyof PurgeCounts, anchor: Date, present: () => Promise<boolean>) {
  const days = DEFAULT_RETENTION[key];
  const periods = only(key, days);
  expect(await present()).toBe(true);
  const early = await purgeExpired(server.db, periods, at(anchor, days * DAY_MS - MINUTE));
  expect(early[countKey]).toBe(0);
  expect(await present()).toBe(true);
  const late = await purgeExpired(server.db, periods, at(anchor, days * DAY_MS + MINUTE));
  expect(late[countKey]).toBeGreaterThanOrEqual(1);
  expect(Object.entries(late).filter(([k, n]) => k !== countKey && n > 0)).toEqual([]);
  expect(await present()).toBe(false);
}

let accountClaim: string;
let abandonedClaim: string;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  // One claimant who finished (an account), one who left after signing.
  const finished = new Visitor(server.url);
  const person = withSurname(PEOPLE.amelia, "Challenge", "kept.claimant@example.com");
  accountClaim = (await createSignedClaim(finished, person)).id;
  expect((await finished.post("/api/credit-check/run", { claim_request_id: accountClaim })).status).toBe(200);
  const verify = await finished.post("/api/credit-check/sandbox/verify-user", {
    clientRefId: accountClaim,
    personalDetails: { firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth },
    contactDetails: { email: person.email },
  });
  expect(verify.status).toBe(200);
  expect((await setUpAccount(finished, accountClaim, PASSWORD)).status).toBe(201);
  expect((await new Visitor(server.url).post("/api/auth/password-reset/request", { email: person.email })).status).toBe(200);
  userId = (await one<{ id: string }>("SELECT id FROM users WHERE email = $1", [person.email])).id;
  abandonedClaim = (await createSignedClaim(new Visitor(server.url), PEOPLE.rajesh)).id;
  // Outbox rows as the worker leaves them, and a used affiliate link.
  await server.db.query(
    `INSERT INTO outbox (topic, idempotency_key, body, delivered_at) VALUES ('crm.webhook', 'delivered-1', '', now());
     `.trim(),
  );
  await server.db.query(
    "INSERT INTO outbox (topic, idempotency_key, body, gave_up_at, claim_request_id) VALUES ('crm.webhook', 'gave-up-1', '', now(), $1)",
    [accountClaim],
  );
  await server.db.query("INSERT INTO affiliate_link_uses (link_id, partner, claim_request_id) VALUES ('link-1', 'sandbox', $1)", [
    accountClaim,
  ]);
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("retention purge (fake clock)", () => {
  it("nothing is purged today", async () => {
    // A rate-limit window of the set-up's requests may have ended already (kept 0 days): those go, nothing else.
    const { rateLimits: _ended, ...counts } = await purgeExpired(server.db, DEFAULT_RETENTION, new Date());
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    expect(await exists("SELECT 1 FROM rate_limits WHERE reset_at < now() - interval '1 second'", [])).toBe(false);
  });

  it("an abandoned claim request (never joined an account) goes after its period, with its stored documents; the account's claim request stays", async () => {
    const documents = (id: string) => exists("SELECT 1 FROM claim_documents WHERE claim_request_id = $1", [id]);
    expect(await documents(abandonedClaim)).toBe(true);
    const { updated_at } = await one<{ updated_at: Date }>("SELECT updated_at FROM claim_requests WHERE id = $1", [abandonedClaim]);
    await checkKind("abandonedClaimRequestDays", "abandonedClaimRequests", updated_at, () =>
      exists("SELECT 1 FROM claim_requests WHERE id = $1", [abandonedClaim]),
    );
    expect(await exists("SELECT 1 FROM claim_requests WHERE id = $1", [accountClaim])).toBe(true);
    // The signed letter of authority goes with the claim request it belongs to, and only with it.
    expect(await documents(abandonedClaim)).toBe(false);
    expect(await documents(accountClaim)).toBe(true);
  });

  it("the agreements a credit check found go after their period; the check's status and the claims found stay", async () => {
    const check = await one<{ id: string; created_at: Date }>("SELECT id, created_at FROM credit_checks WHERE claim_request_id = $1", [
      accountClaim,
    ]);
    const claimsBefore = (await server.db.query("SELECT 1 FROM claims WHERE claim_request_id = $1", [accountClaim])).rows.length;
    expect(claimsBefore).toBeGreaterThan(0);
    await checkKind("creditReportDays", "creditReports", check.created_at, () =>
      exists("SELECT 1 FROM credit_checks WHERE id = $1 AND agreements_sealed IS NOT NULL", [check.id]),
    );
    expect(await exists("SELECT 1 FROM credit_checks WHERE id = $1 AND status = 'success'", [check.id])).toBe(true);
    expect((await server.db.query("SELECT 1 FROM claims WHERE claim_request_id = $1", [accountClaim])).rows.length).toBe(claimsBefore);
  });

  it("identity verifications and their one-time codes go after their period", async () => {
    const v = await one<{ id: string; created_at: Date }>("SELECT id, created_at FROM identity_verifications WHERE claim_request_id = $1", [
      accountClaim,
    ]);
    await checkKind("verificationDays", "verifications", v.created_at, () =>
      exists("SELECT 1 FROM identity_verifications WHERE id = $1", [v.id]),
    );
  });

  it("password reset tokens go a day after they expire", async () => {
    const r = await one<{ expires_at: Date }>("SELECT expires_at FROM password_resets WHERE user_id = $1", [userId]);
    await checkKind("resetTokenDays", "resetTokens", r.expires_at, () =>
      exists("SELECT 1 FROM password_resets WHERE user_id = $1", [userId]),
    );
  });

  it("sessions go when they expire", async () => {
    const s = await one<{ expires_at: Date }>("SELECT max(expires_at) AS expires_at FROM sessions WHERE user_id = $1", [userId]);
    await checkKind("sessionDays", "sessions", s.expires_at, () => exists("SELECT 1 FROM sessions WHERE user_id = $1", [userId]));
  });

  it("delivered and given-up outbox rows go after their periods", async () => {
    const d = await one<{ delivered_at: Date }>("SELECT delivered_at FROM outbox WHERE idempotency_key = 'delivered-1'");
    await checkKind("outboxDeliveredDays", "outboxDelivered", d.delivered_at, () =>
      exists("SELECT 1 FROM outbox WHERE idempotency_key = 'delivered-1'", []),
    );
    const g = await one<{ gave_up_at: Date }>("SELECT gave_up_at FROM outbox WHERE idempotency_key = 'gave-up-1'");
    await checkKind("outboxGivenUpDays", "outboxGivenUp", g.gave_up_at, () =>
      exists("SELECT 1 FROM outbox WHERE idempotency_key = 'gave-up-1'", []),
    );
  });

  it("used affiliate link ids go after their period", async () => {
    const u = await one<{ used_at: Date }>("SELECT used_at FROM affiliate_link_uses WHERE link_id = 'link-1'");
    await checkKind("affiliateLinkDays", "affiliateLinkUses", u.used_at, () =>
      exists("SELECT 1 FROM affiliate_link_uses WHERE link_id = 'link-1'", []),
    );
  });

  it("rate-limit counters go when their window ends", async () => {
    await server.db.query("INSERT INTO rate_limits (key, hits, reset_at) VALUES ('login-account:test', 3, now() - interval '1 hour')");
    const r = await one<{ reset_at: Date }>("SELECT reset_at FROM rate_limits WHERE key = 'login-account:test'");
    await checkKind("rateLimitDays", "rateLimits", r.reset_at, () =>
      exists("SELECT 1 FROM rate_limits WHERE key = 'login-account:test'", []),
    );
  });

  it("funnel-session tokens go when they expire", async () => {
    const f = await one<{ token_hash: string; expires_at: Date }>(
      "SELECT token_hash, expires_at FROM funnel_sessions ORDER BY expires_at LIMIT 1",
    );
    await checkKind("funnelSessionDays", "funnelSessions", f.expires_at, () =>
      exists("SELECT 1 FROM funnel_sessions WHERE token_hash = $1", [f.token_hash]),
    );
  });

  it("email verification links and codes go a day after they expire", async () => {
    // (An account set up in the funnel starts verified; a link is mailed to one that is not, e.g. a partner link's.)
    await server.db.query(
      "INSERT INTO email_verifications (user_id, token_hash, code_hash, expires_at) VALUES ($1, 'token-hash', 'code-hash', now() + interval '24 hours')",
      [userId],
    );
    const v = await one<{ id: string; expires_at: Date }>(
      "SELECT id, expires_at FROM email_verifications WHERE user_id = $1 ORDER BY expires_at LIMIT 1",
      [userId],
    );
    await checkKind("emailVerificationDays", "emailVerifications", v.expires_at, () =>
      exists("SELECT 1 FROM email_verifications WHERE id = $1", [v.id]),
    );
  });

  it("account-setup email codes go a day after they expire, like email verifications", async () => {
    await server.db.query(
      "INSERT INTO claim_email_codes (claim_request_id, email_hash, code_hash, attempts_remaining, expires_at) VALUES ($1, 'h', 'c', 5, now() + interval '30 minutes')",
      [accountClaim],
    );
    const c = await one<{ expires_at: Date }>("SELECT expires_at FROM claim_email_codes WHERE claim_request_id = $1", [accountClaim]);
    await checkKind("emailVerificationDays", "claimEmailCodes", c.expires_at, () =>
      exists("SELECT 1 FROM claim_email_codes WHERE claim_request_id = $1", [accountClaim]),
    );
  });

  it("KBA attempts go after their period", async () => {
    await server.db.query("INSERT INTO kba_attempts (claim_request_id, subject_hash, status) VALUES ($1, 'hash', 'failure')", [
      accountClaim,
    ]);
    const k = await one<{ id: string; created_at: Date }>("SELECT id, created_at FROM kba_attempts WHERE claim_request_id = $1", [
      accountClaim,
    ]);
    await checkKind("kbaAttemptDays", "kbaAttempts", k.created_at, () => exists("SELECT 1 FROM kba_attempts WHERE id = $1", [k.id]));
  });

  it("a change waiting for its mailed code goes a day after the code expires", async () => {
    await server.db.query(
      "INSERT INTO pending_confirmations (user_id, purpose, code_hash, sealed_change, expires_at) VALUES ($1, 'email', 'hash', 'sealed', now() + interval '15 minutes')",
      [userId],
    );
    const p = await one<{ id: string; expires_at: Date }>("SELECT id, expires_at FROM pending_confirmations WHERE user_id = $1", [userId]);
    await checkKind("pendingConfirmationDays", "pendingConfirmations", p.expires_at, () =>
      exists("SELECT 1 FROM pending_confirmations WHERE id = $1", [p.id]),
    );
  });

  it("idempotency keys and their stored answers go after their period", async () => {
    await server.db.query(
      "INSERT INTO idempotency_keys (route, key, fingerprint, owner, state, response, created_at) VALUES ('POST /test', 'key-1', 'f', $1, 'done', 'sealed', now() - interval '1 hour')",
      [`user:${userId}`],
    );
    const k = await one<{ created_at: Date }>("SELECT created_at FROM idempotency_keys WHERE key = 'key-1'");
    await checkKind("idempotencyKeyDays", "idempotencyKeys", k.created_at, () =>
      exists("SELECT 1 FROM idempotency_keys WHERE key = 'key-1'", []),
    );
  });

  it("operator sessions go once expired", async () => {
    await server.db.query(
      "INSERT INTO operators (id, username, password_hash, totp_secret_sealed) VALUES ('00000000-0000-4000-8000-000000000001', 'ops-purge', 'x', 'x')",
    );
    await server.db.query(
      "INSERT INTO operator_sessions (token_hash, operator_id, expires_at) VALUES ('hash-1', '00000000-0000-4000-8000-000000000001', now() + interval '8 hours')",
    );
    const s = await one<{ expires_at: Date }>("SELECT expires_at FROM operator_sessions WHERE token_hash = 'hash-1'");
    await checkKind("operatorSessionDays", "operatorSessions", s.expires_at, () =>
      exists("SELECT 1 FROM operator_sessions WHERE token_hash = 'hash-1'", []),
    );
  });

  it("runs at most once per interval, and the job logs counts, never content", async () => {
    const now = new Date(Date.now() + 400 * DAY_MS);
    expect((await runPurge(server.db, DEFAULT_RETENTION, now, 60 * MINUTE)).ran).toBe(true);
    expect(await runPurge(server.db, DEFAULT_RETENTION, at(now, 30 * MINUTE), 60 * MINUTE)).toEqual({ ran: false, reason: "recently-run" });
    // A claimant to purge, and the job's log.
    await createSignedClaim(new Visitor(server.url), PEOPLE.siobhan);
    const lines: string[] = [];
    const logger = pino({ level: "info" }, new Writable({ write: (chunk, _e, done) => (lines.push(chunk.toString()), done()) }));
    const job = startPurgeJob({
      db: server.db,
      logger,
      periods: DEFAULT_RETENTION,
      intervalMs: 60 * MINUTE,
      now: () => at(now, 2 * 60 * MINUTE),
      firstRunDelayMs: 3_600_000,
    });
    const outcome = await job.runNow();
    await job.stop();
    expect(outcome).toMatchObject({ ran: true, counts: { abandonedClaimRequests: 1 } });
    const log = lines.join("");
    expect(JSON.parse(lines[0])).toMatchObject({ msg: "retention purge done", purged: { abandonedClaimRequests: 1 } });
    for (const secret of [PEOPLE.siobhan.firstName, PEOPLE.siobhan.lastName, PEOPLE.siobhan.email, PEOPLE.siobhan.phoneNumber])
      expect(log).not.toContain(secret);
  });
});
