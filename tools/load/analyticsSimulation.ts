/**
 * A seeded A/B simulation through the load harness, at the API level (the calls the renderer makes): app
 * instances on one real PostgreSQL behind the round-robin proxy, serving the shipped definitions with a 50/50
 * experiment on the default brand (A starts v3b, B starts v3d). Each virtual visitor opens /claim (the server
 * issues its visit cookie and sends it to its variant's first step), walks its funnel by the engine's own flow
 * rules and sends its events in batches, as the recorder does. Drop-offs are planted per variant and step
 * (A: 30% at address, B: 20%; both 10% at personal-details) as quotas: of those shown a step, exactly that share
 * leaves there (to the visitor), whichever visitors the server's random visit ids put in each variant. Left to a
 * coin per visitor, about 1,000 visitors would miss a rate by more than 3 points in one run in twenty by chance
 * alone (one standard deviation is 1.4 points at 30%), which says nothing of the report. Then `funnel report`
 * (rolled up under the advisory lock) must recover every planted rate within ±3 points and name B best with
 * probability ≥ 95%.
 *
 *   PG_TEST_PORT=55571 bash tools/with-postgres.sh npx tsx tools/load/analyticsSimulation.ts [--visitors=2000] [--port=47260]
 * Exit code 1 when a check fails.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import type { FunnelDefinition } from "../../schema/types";
import { nextTarget } from "../../engine/flow";
import { seededRandom } from "../../engine/seededRandom";
import { Instances } from "./instances";
import { adminQuery, runDatabaseUrl } from "./postgres";
import type { FunnelReport } from "../../engine/funnelReport";

const arg = (name: string, fallback: number) => {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  return raw === undefined ? fallback : Number(raw);
};
const VISITORS = arg("visitors", 2000);
const PORT = arg("port", 47260);
const CONCURRENCY = 16;
const EXPERIMENT = "v3b-vs-v3d";
/** Planted drop-off per variant and step: the share of those shown the step who leave there. */
const PLANTED: Record<string, Record<string, number>> = {
  a: { address: 0.3, "personal-details": 0.1 },
  b: { address: 0.2, "personal-details": 0.1 },
};
const TOLERANCE = 0.03;
/** The validation message some leavers meet first, per step: a field path and a rule, never a value. */
const FAILURE: Record<string, { f: string; r: string }> = {
  address: { f: "address.postcode", r: "required" },
  "personal-details": { f: "personalDetails.dateOfBirth", r: "minAge" },
};

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error("TEST_DATABASE_URL is not set: run under tools/with-postgres.sh");
  process.exit(2);
}
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const log = (message: string) => console.log(`[analytics ${((Date.now() - began) / 1000).toFixed(1)}s] ${message}`);
const began = Date.now();

// The shipped definitions with the experiment added to the default brand, in a folder of their own.
const definitionsDir = mkdtempSync(path.join(os.tmpdir(), "analytics-sim-definitions-"));
cpSync(path.join(ROOT, "definitions"), definitionsDir, { recursive: true });
const brandFile = path.join(definitionsDir, "brands", "default.json");
const brand = JSON.parse(readFileSync(brandFile, "utf8")) as Record<string, unknown>;
delete brand.$schema;
const experiment = {
  id: EXPERIMENT,
  start: "2026-01-01",
  variants: [
    { id: "a", weight: 50, formVersion: "v3b" },
    { id: "b", weight: 50, formVersion: "v3d" },
  ],
};
writeFileSync(brandFile, JSON.stringify({ ...brand, experiments: [experiment] }, null, 2));
const funnels = new Map(
  ["v3b", "v3d"].map((v) => [v, JSON.parse(readFileSync(path.join(definitionsDir, "funnels", `${v}.json`), "utf8")) as FunnelDefinition]),
);

const database = `analytics_${Date.now().toString(36)}`;
const databaseUrl = runDatabaseUrl(adminUrl, database);
await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
const logDir = mkdtempSync(path.join(os.tmpdir(), "claims-analytics-"));
const instancePorts = [PORT + 1, PORT + 2];
const instances = new Instances(
  instancePorts,
  { DATABASE_URL: databaseUrl, DEFINITIONS_DIR: definitionsDir, NODE_ENV: "test", LOG_LEVEL: "warn", RATE_LIMIT_MULTIPLIER: "1000" },
  logDir,
);
const proxy = spawn(
  process.execPath,
  ["--import", "tsx", path.join(ROOT, "tools/load/proxy.ts"), String(PORT), ...instancePorts.map(String)],
  {
    stdio: ["ignore", "ignore", "inherit"],
  },
);
const base = `http://127.0.0.1:${PORT}`;

interface Walked {
  variant: string;
  steps: string[];
  droppedAt: string | null;
}

const shownAt = new Map<string, number>();
const leftAt = new Map<string, number>();

/** Whether this visitor leaves at the step: one more of those shown it, and the planted share not yet reached. */
function leavesAt(variant: string, stepId: string): boolean {
  const key = `${variant}/${stepId}`;
  const shown = (shownAt.get(key) ?? 0) + 1;
  shownAt.set(key, shown);
  const left = leftAt.get(key) ?? 0;
  if (left + 1 > (PLANTED[variant][stepId] ?? 0) * shown) return false;
  leftAt.set(key, left + 1);
  return true;
}

/** One visitor: the page, then its funnel step by step, its events sent in batches of at most 50. */
async function visit(n: number): Promise<Walked> {
  const random = seededRandom(n + 1);
  const page = await fetch(`${base}/claim`, { redirect: "manual" });
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("visit="));
  const location = page.headers.get("location") ?? "";
  const [, , version, firstStep] = location.split("/");
  const variant = version === "v3b" ? "a" : "b";
  if (!cookie || !funnels.has(version)) throw new Error(`visitor ${n}: no visit cookie or an unexpected entry ${location}`);
  const funnel = funnels.get(version)!;
  const ctx = { data: {}, query: new URLSearchParams(), brand: brand as Record<string, unknown>, fields: funnel.fields };
  const events: { k: string; s: string; t: number; f?: string; r?: string; o?: string }[] = [];
  let clock = 0;
  let stepId: string | null = firstStep;
  const steps: string[] = [];
  let droppedAt: string | null = null;
  while (stepId) {
    steps.push(stepId);
    events.push({ k: "step_shown", s: stepId, t: clock });
    clock += 3000 + Math.floor(random() * 12_000);
    if (leavesAt(variant, stepId)) {
      // Some who leave try once and meet a validation message first.
      if (random() < 0.5 && FAILURE[stepId]) events.push({ k: "validation_failed", s: stepId, t: clock, ...FAILURE[stepId] });
      droppedAt = stepId;
      break;
    }
    events.push({ k: "next_pressed", s: stepId, t: clock });
    const target = nextTarget(funnel, stepId, ctx);
    const next = target && "step" in target ? target.step : null;
    events.push({ k: next ? "step_left" : "funnel_completed", s: stepId, t: clock, o: "next" });
    stepId = next && !steps.includes(next) ? next : null;
  }
  for (let i = 0; i < events.length; i += 50) {
    const batch = events.slice(i, i + 50).map(({ t, ...e }) => ({ ...e, a: clock - t }));
    const res = await fetch(`${base}/api/analytics/events`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", cookie, origin: base },
      body: JSON.stringify({ v: version, e: batch }),
    });
    if (res.status !== 204) throw new Error(`visitor ${n}: events answered ${res.status} ${await res.text()}`);
  }
  return { variant, steps, droppedAt };
}

let exitCode = 1;
try {
  instances.start(instances.list[0]);
  await instances.waitReady(instances.list[0]);
  instances.start(instances.list[1]);
  await instances.waitReady(instances.list[1]);
  log(`2 instances ready on ${instancePorts.join(", ")} behind ${base}; ${VISITORS} visitors, ${CONCURRENCY} at a time`);
  const walked: Walked[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < VISITORS) walked.push(await visit(next++));
    }),
  );
  log(`${walked.length} visits sent`);
  // The instances write events in batches off the request path: stopping them writes what they hold.
  await instances.stopAll();

  // The operator's report, as an operator runs it (npx funnel report), on this run's database and definitions.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, "tools/bin/funnel.mjs"), "report", "--brand", "fairdrive", "--since", "1d", "--format", "json"],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, DEFINITIONS_DIR: definitionsDir }, maxBuffer: 16 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as FunnelReport;
  const group = report.experiments.find((e) => e.experimentId === EXPERIMENT);
  if (!group) throw new Error("the report has no experiment");
  const checks: { what: string; planted: number; measured: number; ok: boolean }[] = [];
  for (const variant of group.variants) {
    const sent = walked.filter((w) => w.variant === variant.id).length;
    checks.push({
      what: `${variant.id}: visits counted = visits sent`,
      planted: sent,
      measured: variant.visits,
      ok: sent === variant.visits,
    });
    for (const [stepId, rate] of Object.entries(PLANTED[variant.id])) {
      const step = variant.steps.find((s) => s.stepId === stepId);
      const measured = step?.dropRate ?? NaN;
      checks.push({ what: `${variant.id}: drop-off at ${stepId}`, planted: rate, measured, ok: Math.abs(measured - rate) <= TOLERANCE });
    }
  }
  const b = group.variants.find((v) => v.id === "b")!;
  checks.push({ what: "b: probability best", planted: 0.95, measured: b.probabilityBest, ok: b.probabilityBest >= 0.95 });
  const summary = {
    method: report.method,
    variants: group.variants.map((v) => ({
      id: v.id,
      funnelVersions: v.funnelVersions,
      visits: v.visits,
      completed: v.completed,
      conversion: +v.conversion.toFixed(4),
      interval95: v.interval.map((x) => +x.toFixed(4)),
      probabilityBest: +v.probabilityBest.toFixed(4),
      steps: v.steps.map((s) => ({
        step: s.stepId,
        entered: s.entered,
        continued: s.continued,
        dropped: s.dropped,
        dropRate: +s.dropRate.toFixed(4),
        medianSeconds: s.medianSeconds,
        topFailures: s.topFailures,
      })),
    })),
    warnings: group.warnings,
    checks,
  };
  console.log(JSON.stringify(summary, null, 2));
  const ok = checks.every((c) => c.ok);
  log(ok ? "PASS" : "FAIL");
  exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  await instances.stopAll();
  proxy.kill("SIGTERM");
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
}
process.exit(exitCode);
