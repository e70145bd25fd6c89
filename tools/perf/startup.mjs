// `npm run perf:startup`: how long the compiled server takes to be ready on an existing data directory (PGlite), the
// usual restart. The first start makes and migrates the directory and is not counted; then each build is started
// `--runs` times in turn, and the median of its own "ready in" figure (from the process's start) and of the time
// until GET /api/health answers (from spawn, as this script sees it) is printed.
//
//   npm run perf:startup -- --runs=5
//   npm run perf:startup -- --servers=dist/perf/before.js,dist/server/main.js
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = Object.fromEntries(process.argv.slice(2).map((a) => [a.replace(/^--/, "").split("=")[0], a.split("=")[1] ?? "true"]));
const runs = Number(args.runs ?? 5);
const port = Number(args.port ?? process.env.PERF_PORT ?? 4480);
const servers = (args.servers ?? "dist/server/main.js").split(",");
const KEYS = `perf:${randomBytes(32).toString("base64")}`;

async function startOnce(file, dataDir) {
  const began = performance.now();
  const child = spawn(process.execPath, [path.resolve(ROOT, file)], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PGLITE_DIR: dataDir,
      DATA_ENCRYPTION_KEYS: KEYS,
      ALLOW_SANDBOX: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let answeredMs = null;
  while (performance.now() - began < 120_000 && child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) {
        answeredMs = performance.now() - began;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill("SIGTERM");
  await exited;
  const ready = /ready in (\d+) ms/.exec(output);
  if (!ready || answeredMs === null) throw new Error(`${file} did not start:\n${output}`);
  return { readyMs: Number(ready[1]), answeredMs };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const work = mkdtempSync(path.join(tmpdir(), "perf-startup-"));
try {
  const results = servers.map(() => ({ ready: [], answered: [] }));
  // Each build its own directory, made and migrated by a first start that is not counted.
  for (const [i, file] of servers.entries()) await startOnce(file, path.join(work, `data-${i}`));
  for (let run = 0; run < runs; run++) {
    for (const [i, file] of servers.entries()) {
      const { readyMs, answeredMs } = await startOnce(file, path.join(work, `data-${i}`));
      results[i].ready.push(readyMs);
      results[i].answered.push(answeredMs);
    }
  }
  console.log(`\nstart-up on an existing PGlite data directory, median of ${runs}\n`);
  console.log("| server | ready in (its log) | first health answer (from spawn) | all runs (ready in) |");
  console.log("|---|---:|---:|---|");
  for (const [i, file] of servers.entries()) {
    const r = results[i];
    console.log(`| ${file} | ${median(r.ready)} ms | ${Math.round(median(r.answered))} ms | ${r.ready.join(", ")} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
