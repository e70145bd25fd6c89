// `npm run perf:server`: requests per second and p99 of the compiled product in production mode, beside a bare
// Express 5 route on the same machine, in one run (autocannon, 50 connections, 10 s each by default). Each route's
// ratio is to the mean of the bare route measured just before and just after it.
//
//   npm run perf:server                          # builds first, then measures
//   npm run perf:server -- --no-build --duration=5 --only=health,search
//   npm run perf:server -- --no-build --cpu-prof # also writes the product's CPU profile (node --cpu-prof)
//   npm run perf:server -- --no-build --servers=dist/perf/before.js,dist/server/main.js   # two builds, side by side
//
// The product runs as a real deployment would: NODE_ENV=production, compiled dist/server/main.js, a fresh PGlite
// data directory (or DATABASE_URL when set), sandboxes allowed (ALLOW_SANDBOX=true), logs to a file. Fifty
// connections are fifty visitors: each sends its own X-Forwarded-For (TRUST_PROXY=1), and the limits are raised
// (RATE_LIMIT_MULTIPLIER=1000) so the figures are of answered requests, not 429s; the per-visitor rate-limit
// check still runs on every search.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, "").split("=");
    return [key, value ?? "true"];
  }),
);
const duration = Number(args.duration ?? 10);
const connections = Number(args.connections ?? 50);
const basePort = Number(args.port ?? process.env.PERF_PORT ?? 4480);
const only = args.only ? new Set(args.only.split(",")) : null;

const GOALS = { health: 0.7, page: 0.5, search: 0.4 };
const P99_GOAL_MS = 15;

const TARGETS = [
  { id: "health", label: "GET /api/health", method: "GET", path: "/api/health" },
  { id: "page", label: "GET /claim/v3b/get-started", method: "GET", path: "/claim/v3b/get-started" },
  {
    id: "search",
    label: "POST /api/address/search",
    method: "POST",
    path: "/api/address/search",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ search: "10 Downing Street" }),
  },
];

function startProcess(command, argv, env, logFile) {
  const child = spawn(command, argv, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const ready = new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk) => {
      seen += chunk;
      const match = /ready in (\d+) ms|^ready$/m.exec(seen);
      if (match) {
        child.stdout.off("data", onData);
        resolve(match[1] ? Number(match[1]) : null);
      }
      if (seen.length > 100_000) seen = seen.slice(-1000);
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${argv.join(" ")} exited with ${code} before it was ready (see ${logFile})`)));
  });
  return { child, ready };
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** CPU time (user + system) a process has used, in ms; Linux only (null elsewhere). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** autocannon against url; with a pid, also the server's CPU time per answered request (steady under a busy machine). */
async function measure(url, target, pid) {
  const cpuBefore = pid ? cpuMs(pid) : null;
  const result = await autocannon({
    url: url + target.path,
    connections,
    duration,
    method: target.method,
    headers: target.headers,
    body: target.body,
    // One client address per connection, believed because the product runs with TRUST_PROXY=1.
    setupClient: (client) => {
      const n = (measure.clients = (measure.clients ?? 0) + 1);
      client.setHeaders({ ...target.headers, "x-forwarded-for": `198.51.100.${n % 250}` });
    },
  });
  const cpuAfter = pid ? cpuMs(pid) : null;
  return {
    cpuUs: cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total : null,
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const pad = (text, width, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width));

async function main() {
  if (args.build !== "false" && args["no-build"] === undefined) {
    const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const work = mkdtempSync(path.join(tmpdir(), "perf-server-"));
  const rows = [];
  const children = [];
  try {
    // Both run side by side, and the bare route is measured before and after each route: on a shared machine the
    // load changes from one minute to the next, so each ratio compares figures taken moments apart.
    const barePort = basePort;
    const bare = startProcess(
      process.execPath,
      [path.join(ROOT, "tools/perf/bareServer.mjs")],
      { PORT: String(barePort) },
      path.join(work, "bare.log"),
    );
    const servers = (args.servers ?? "dist/server/main.js").split(",");
    const products = servers.map((file, i) => {
      const port = basePort + 1 + i;
      const nodeArgs = args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${path.join(work, `profile-${i}`)}`] : [];
      return {
        file,
        port,
        ...startProcess(
          process.execPath,
          [...nodeArgs, path.resolve(ROOT, file)],
          {
            NODE_ENV: "production",
            PORT: String(port),
            HOST: "127.0.0.1",
            PGLITE_DIR: path.join(work, `pglite-${i}`),
            DATA_ENCRYPTION_KEYS: `perf:${randomBytes(32).toString("base64")}`,
            ALLOW_SANDBOX: "true",
            TRUST_PROXY: "1",
            RATE_LIMIT_MULTIPLIER: "1000",
            LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
          },
          path.join(work, `product-${i}.log`),
        ),
      };
    });
    children.push(bare.child, ...products.map((p) => p.child));
    await bare.ready;
    const readyMs = [];
    for (const product of products) readyMs.push(await product.ready);
    const bareTarget = { path: "/", method: "GET", id: "bare" };
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await autocannon({ url: bareUrl, connections: 10, duration: 1 });
    let bareBefore = await measure(bareUrl, bareTarget, bare.child.pid);
    const bareRuns = [bareBefore];
    for (const target of TARGETS) {
      if (only && !only.has(target.id)) continue;
      for (const product of products) {
        const productUrl = `http://127.0.0.1:${product.port}`;
        // A short warm-up, so the JIT and the database's caches are in the figures as they would be in service.
        await autocannon({
          url: productUrl + target.path,
          connections: 10,
          duration: 1,
          method: target.method,
          headers: target.headers,
          body: target.body,
        });
        const result = await measure(productUrl, target, product.child.pid);
        const bareAfter = await measure(bareUrl, bareTarget, bare.child.pid);
        bareRuns.push(bareAfter);
        const label = products.length > 1 ? `${target.label} [${path.basename(product.file)}]` : target.label;
        rows.push({
          ...target,
          label,
          ...result,
          bareRps: (bareBefore.rps + bareAfter.rps) / 2,
          bareCpuUs: (bareBefore.cpuUs + bareAfter.cpuUs) / 2,
        });
        bareBefore = bareAfter;
      }
    }
    for (const product of products) await stop(product.child);
    await stop(bare.child);
    if (args["cpu-prof"]) console.log(`CPU profiles: ${work}/profile-*`);
    const mean = (key) => bareRuns.reduce((sum, r) => sum + r[key], 0) / bareRuns.length;
    rows.unshift({
      label: `bare route (mean of ${bareRuns.length})`,
      rps: mean("rps"),
      p99: Math.round(mean("p99")),
      cpuUs: mean("cpuUs"),
      non2xx: 0,
      errors: 0,
    });

    console.log(
      `\n${connections} connections, ${duration} s each; product ready in ${readyMs.join(", ")} ms (fresh data directory: migrations included)\n`,
    );
    // CPU per request: the server's own CPU time over the requests it answered. Requests/s and p99 move with whatever
    // else the machine runs; the CPU cost of a request hardly does, so its ratio is the steadier comparison.
    console.log(
      `| ${pad("route", 28)} | ${pad("requests/s", 10, true)} | ${pad("ratio", 6, true)} | ${pad("p99", 6, true)} | ${pad("CPU/request", 11, true)} | ${pad("bare/CPU", 8, true)} | ${pad("non-2xx", 7, true)} | goal |`,
    );
    console.log(
      `|${"-".repeat(30)}|${"-".repeat(12)}:|${"-".repeat(7)}:|${"-".repeat(7)}:|${"-".repeat(12)}:|${"-".repeat(9)}:|${"-".repeat(8)}:|------|`,
    );
    let failed = false;
    for (const row of rows) {
      const ratio = row.rps / (row.bareRps ?? row.rps);
      const goal = GOALS[row.id];
      const met = goal === undefined || (ratio >= goal && row.p99 <= P99_GOAL_MS && row.non2xx === 0 && row.errors === 0);
      if (!met) failed = true;
      const goalText = goal === undefined ? "" : `${met ? "met" : "MISSED"} (≥ ${goal}×, p99 ≤ ${P99_GOAL_MS} ms)`;
      console.log(
        `| ${pad(row.label, 28)} | ${pad(Math.round(row.rps).toLocaleString("en-GB"), 10, true)} | ${pad(`${ratio.toFixed(2)}×`, 6, true)} | ${pad(`${row.p99} ms`, 6, true)} | ${pad(row.cpuUs === null ? "?" : `${Math.round(row.cpuUs)} µs`, 11, true)} | ${pad(row.bareCpuUs && row.cpuUs ? `${(row.bareCpuUs / row.cpuUs).toFixed(2)}×` : "", 8, true)} | ${pad(row.non2xx + row.errors, 7, true)} | ${goalText} |`,
      );
    }
    if (args.strict && failed) process.exitCode = 1;
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    if (!args["cpu-prof"] && !args.keep) rmSync(work, { recursive: true, force: true });
    else console.log(`kept: ${work}`);
  }
}

await main();
