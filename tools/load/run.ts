/**
 * The load harness: N app instances on one real PostgreSQL behind a small
 * round-robin proxy, driven by autocannon with virtual consumers that each walk
 * the whole funnel over and over (tools/load/funnel.ts). Optionally kills an
 * instance with SIGKILL every few seconds (and starts it again), restarts
 * PostgreSQL mid-run, and sends double submits. Then checks the database against
 * what the API acknowledged (tools/load/verify.ts) and reports completions per
 * second, p50/p95/p99 per call, errors by status and database connections in use.
 *
 * Run under tools/with-postgres.sh (see the npm scripts load:*):
 *   PG_TEST_PORT=55417 bash tools/with-postgres.sh npx tsx tools/load/run.ts \
 *     [--instances=3] [--consumers=200] [--duration=60] [--kill-every=15] \
 *     [--restart-postgres-at=25] [--outage-seconds=5] [--double-submits=500] \
 *     [--pool-max=10] [--pool-wait-ms=2000] [--think-ms=0] [--port=47160] [--report=load-report.json] \
 *     [--cpu-prof-dir=DIR]
 * --cpu-prof-dir writes a V8 CPU profile of each instance there when it stops (open it in Chrome's DevTools, or
 * summarise it with tools/load/profileSummary.ts).
 * Exit code 1 when a check fails.
 */
import autocannon from "autocannon";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startWebhookReceiver } from "../../testing/crmWebhookReceiver";
import { doubleSubmits } from "./doubleSubmit";
import { Consumer, type FunnelRecord } from "./funnel";
import { Instances } from "./instances";
import { ConnectionSampler, adminQuery, runDatabaseUrl, startPostgres, stopPostgres } from "./postgres";
import { CallStats } from "./stats";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { verifyRun } from "./verify";

const arg = (name: string, fallback: number) => {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  return raw === undefined ? fallback : Number(raw);
};
const reportPath = process.argv.find((a) => a.startsWith("--report="))?.split("=")[1];
const cpuProfDir = process.argv.find((a) => a.startsWith("--cpu-prof-dir="))?.split("=")[1];
const settings = {
  instances: arg("instances", 3),
  consumers: arg("consumers", 200),
  durationSeconds: arg("duration", 60),
  killEverySeconds: arg("kill-every", 0),
  restartPostgresAtSeconds: arg("restart-postgres-at", 0),
  outageSeconds: arg("outage-seconds", 5),
  doubleSubmits: arg("double-submits", 0),
  poolMax: arg("pool-max", 10),
  /** DATABASE_POOL_WAIT_MS for the instances (0: the server's default). */
  poolWaitMs: arg("pool-wait-ms", 0),
  port: arg("port", 47160),
  /** Mean pause between a consumer's steps (0: none, a stress test). */
  thinkMs: arg("think-ms", 0),
};

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error(
    "TEST_DATABASE_URL is not set: run under tools/with-postgres.sh (npm run load:baseline, load:kill, load:postgres-restart, load:ci)",
  );
  process.exit(2);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (message: string) => console.log(`[load ${((Date.now() - began) / 1000).toFixed(1)}s] ${message}`);
const began = Date.now();

const runId = Date.now().toString(36);
const database = `load_${runId}`;
const databaseUrl = runDatabaseUrl(adminUrl, database);
const logDir = mkdtempSync(path.join(os.tmpdir(), "claims-load-"));
await adminQuery(adminUrl, `CREATE DATABASE ${database}`);

const SECRET = "whsec_load_harness_0123456789";
const receiver = await startWebhookReceiver({ secret: SECRET });
const instancePorts = Array.from({ length: settings.instances }, (_, i) => settings.port + 1 + i);
const instances = new Instances(
  instancePorts,
  {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: String(settings.poolMax),
    ...(settings.poolWaitMs ? { DATABASE_POOL_WAIT_MS: String(settings.poolWaitMs) } : {}),
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    // Every virtual consumer comes from 127.0.0.1.
    RATE_LIMIT_MULTIPLIER: "1000",
    // The sandbox bureau answers at once; a shorter timeout shortens the credit search's idempotency lease.
    CREDIT_TIMEOUT_MS: "5000",
    CRM_PROVIDER: "webhook",
    CRM_WEBHOOK_URL: receiver.url,
    CRM_WEBHOOK_SECRET: SECRET,
    CRM_WEBHOOK_TIMEOUT_MS: "10000",
    // A delivery taken by a killed instance is retried after this lease, not after two minutes.
    OUTBOX_LEASE_MS: "15000",
    OUTBOX_POLL_MS: "200",
    OUTBOX_BASE_DELAY_MS: "200",
    OUTBOX_MAX_DELAY_MS: "2000",
  },
  logDir,
  cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(cpuProfDir)}`] : [],
);

const proxy = spawn(
  process.execPath,
  ["--import", "tsx", fileURLToPath(new URL("./proxy.ts", import.meta.url)), String(settings.port), ...instancePorts.map(String)],
  {
    stdio: ["ignore", "ignore", "inherit"],
  },
);
const sampler = new ConnectionSampler(adminUrl, database);
let exitCode = 1;
try {
  log(`starting ${settings.instances} instances on ${instancePorts.join(", ")} (database ${database}, logs in ${logDir})`);
  // One first, so the migrations run once before the others start (they would wait on the advisory lock anyway).
  instances.start(instances.list[0]);
  await instances.waitReady(instances.list[0]);
  for (const instance of instances.list.slice(1)) instances.start(instance);
  await Promise.all(instances.list.map((i) => instances.waitReady(i)));
  log("instances ready");

  const stats = new CallStats();
  const record: FunnelRecord = { stats, runId, acknowledged: new Map(), crmSynced: new Set(), completed: [], retries: 0, abandoned: [] };
  const completionTimes: number[] = [];
  const completedPush = record.completed.push.bind(record.completed);
  record.completed.push = (...items) => {
    completionTimes.push(Date.now());
    return completedPush(...items);
  };

  sampler.start();
  const loadStart = Date.now();
  const kills: { at: number; port: number }[] = [];
  let outage: { stoppedAt: number; startedAt: number } | null = null;
  const timers: NodeJS.Timeout[] = [];
  if (settings.killEverySeconds > 0) {
    let next = 0;
    const killOne = () => {
      const instance = instances.list[next++ % instances.list.length];
      instances.kill(instance);
      kills.push({ at: +((Date.now() - loadStart) / 1000).toFixed(1), port: instance.port });
      log(`kill -9 instance ${instance.port}; starting it again`);
      instances.start(instance);
    };
    for (let t = settings.killEverySeconds; t < settings.durationSeconds; t += settings.killEverySeconds)
      timers.push(setTimeout(killOne, t * 1000));
  }
  if (settings.restartPostgresAtSeconds > 0) {
    timers.push(
      setTimeout(async () => {
        log("PostgreSQL: stop -m immediate");
        const stoppedAt = Date.now();
        stopPostgres();
        await sleep(settings.outageSeconds * 1000);
        startPostgres();
        outage = { stoppedAt, startedAt: Date.now() };
        log(`PostgreSQL: started again after ${((outage.startedAt - stoppedAt) / 1000).toFixed(1)} s`);
      }, settings.restartPostgresAtSeconds * 1000),
    );
  }

  log(`${settings.consumers} virtual consumers for ${settings.durationSeconds} s`);
  const result = await autocannon({
    url: `http://127.0.0.1:${settings.port}`,
    connections: settings.consumers,
    duration: settings.durationSeconds,
    // Seconds without an answer before a consumer counts it lost and retries (same key).
    timeout: 60,
    setupClient: (client) => {
      const consumer = new Consumer(record, settings.thinkMs);
      client.setRequests([
        {
          setupRequest: (request) => ({ ...request, ...consumer.setupRequest() }),
          onResponse: (status, body, _context, headers) => consumer.onResponse(status, body, headers),
        },
      ]);
    },
  });
  for (const t of timers) clearTimeout(t);
  const loadSeconds = (Date.now() - loadStart) / 1000;
  log(`load done: ${result.requests.total} requests`);

  // Instances killed near the end need to be up to deliver what they hold: wait for them, then for the outbox.
  await Promise.all(instances.list.map((i) => instances.waitReady(i)));
  const drainDeadline = Date.now() + 60_000;
  let pending = -1;
  while (Date.now() < drainDeadline) {
    pending = Number((await adminQuery<{ n: string }>(databaseUrl, "SELECT count(*) AS n FROM outbox WHERE delivered_at IS NULL"))[0].n);
    if (pending === 0) break;
    await sleep(250);
  }
  log(`outbox drained (${pending} pending)`);
  await sampler.stop();
  const verdict = await verifyRun(databaseUrl, record, receiver);

  const double =
    settings.doubleSubmits > 0
      ? await doubleSubmits(`http://127.0.0.1:${settings.port}`, databaseUrl, runId, settings.doubleSubmits)
      : null;

  // 5xx: none allowed in a plain run; with kills, 502 only (a request cut off by its instance dying, then retried);
  // with a PostgreSQL restart, 503 only, and only around the outage.
  const errorsByStatus = stats.errorsByStatus();
  const fiveXX = stats.timeline.filter((e) => e.outcome !== "no-answer" && e.outcome >= 500);
  const out = outage as { stoppedAt: number; startedAt: number } | null;
  const window = out ? { from: (out.stoppedAt - loadStart) / 1000 - 1, to: (out.startedAt - loadStart) / 1000 + 5 } : null;
  const unexpected5xx = fiveXX.filter((e) => {
    if (settings.killEverySeconds > 0 && e.outcome === 502) return false;
    if (window && e.outcome === 503 && e.second >= window.from - 0.5 && e.second <= window.to) return false;
    return true;
  });
  const lastTenSeconds = completionTimes.filter((t) => t > loadStart + (loadSeconds - 10) * 1000).length;
  const recovered = !out || lastTenSeconds > 0;
  const noRestartForOutage = !out || settings.killEverySeconds > 0 || instances.list.every((i) => i.starts === 1);

  const report = {
    settings,
    completions: {
      total: record.completed.length,
      perSecond: +(record.completed.length / loadSeconds).toFixed(2),
      inLastTenSeconds: lastTenSeconds,
    },
    requests: {
      total: result.requests.total,
      perSecond: +result.requests.average.toFixed(1),
      retries: record.retries,
      abandonedFunnels: record.abandoned.length,
    },
    latencyMs: stats.latencySummary(),
    errorsByStatus,
    fiveXX: { total: fiveXX.length, unexpected: unexpected5xx.length, firstUnexpected: unexpected5xx.slice(0, 5) },
    databaseConnections: { perInstancePoolMax: settings.poolMax, ...sampler.summary() },
    kills,
    unexpectedInstanceExits: instances.list.reduce((n, i) => n + i.unexpectedExits, 0),
    postgresOutage: out
      ? {
          stoppedAtSecond: window!.from + 1,
          downSeconds: +((out.startedAt - out.stoppedAt) / 1000).toFixed(1),
          recovered,
          instancesRestarted: !noRestartForOutage,
        }
      : null,
    verdict,
    doubleSubmits: double,
  };
  const ok =
    verdict.ok && unexpected5xx.length === 0 && recovered && noRestartForOutage && (double?.ok ?? true) && record.completed.length > 0;
  console.log(JSON.stringify(report, null, 2));
  if (reportPath) writeFileSync(reportPath, JSON.stringify(report, null, 2));
  log(ok ? "PASS" : "FAIL");
  if (record.abandoned.length) log(`abandoned funnels (first 5): ${JSON.stringify(record.abandoned.slice(0, 5))}`);
  exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  await instances.stopAll();
  proxy.kill("SIGTERM");
  await sampler.stop();
  await receiver.close();
  await sleep(500);
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
}
process.exit(exitCode);
