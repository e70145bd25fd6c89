/**
 * Lighthouse (mobile settings: simulated slow 4G, 4x CPU) on the first step of the shipped funnels, against
 * the production build served in production mode, plus the first-load gzip bytes of v3b's first step.
 * Prints the median of --runs runs per page. Build first (`npm run build`), then:
 *   npm run perf:lighthouse -- [--runs 3] [--port 4173] [--url http://host:port]  (--url: a server already running)
 * Goals: performance 100, accessibility 100, FCP and LCP <= 1.0 s, CLS 0, TBT <= 50 ms.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The flags playwright.config.ts gives Chromium, headless.
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const runs = Number(option("runs", "3"));
const port = Number(option("port", "4173"));
const givenUrl = process.argv.includes("--url") ? option("url", "") : null;
const origin = (host: string) => (givenUrl ? givenUrl.replace("//localhost", `//${host}`) : `http://${host}:${port}`);

/** First step of a shipped funnel, read from its definition; `host` picks the brand (*.localhost is loopback). */
function firstStep(file: string, host = "localhost"): string {
  const funnel = JSON.parse(readFileSync(path.join(ROOT, "definitions", "funnels", file), "utf8")) as {
    routing: { path: string };
    steps: { id: string }[];
  };
  return `${origin(host)}/claim/${funnel.routing.path}/${funnel.steps[0].id}`;
}

const PAGES: { name: string; url: string }[] = [
  { name: "v1", url: firstStep("v1.json") },
  { name: "v2", url: firstStep("v2.json") },
  { name: "v3b", url: firstStep("v3b.json") },
  { name: "v3d", url: firstStep("v3d.json") },
  { name: "apply-today", url: firstStep("v5.json", "apply-today.localhost") },
];

async function startServer(): Promise<ChildProcess> {
  if (!existsSync(path.join(ROOT, "dist", "renderer", "index.html")) || !existsSync(path.join(ROOT, "dist", "server", "main.js"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const server = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PGLITE_DIR: "memory://",
      LOG_LEVEL: "warn",
      // A staging-like site: the sandbox providers answer (and the test-mode ribbon shows, as on staging).
      ALLOW_SANDBOX: "true",
      DATA_ENCRYPTION_KEYS: `perf:${randomBytes(32).toString("base64")}`,
    },
  });
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit ${server.exitCode}).`);
    const ok = await fetch(`${origin("localhost")}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("The server did not answer /api/health within 60 s.");
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

interface Scores {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
}

async function audit(url: string, chromePort: number, attempt = 1): Promise<Scores> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  // A trace that failed to record (NO_NAVSTART and the like) says nothing about the page: run it again.
  if (result.lhr.runtimeError) {
    if (attempt < 3) return audit(url, chromePort, attempt + 1);
    throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    fcp: audits["first-contentful-paint"].numericValue ?? NaN,
    lcp: audits["largest-contentful-paint"].numericValue ?? NaN,
    cls: audits["cumulative-layout-shift"].numericValue ?? NaN,
    tbt: audits["total-blocking-time"].numericValue ?? NaN,
  };
}

/** As the peer benchmark counts them: every document, script and stylesheet until load + 1 s, decoded, gzip -9. */
async function firstLoadGzip(url: string): Promise<{ html: number; js: number; css: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => !f.startsWith("--headless")) });
  const page = await browser.newPage();
  const totals = { html: 0, js: 0, css: 0 };
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    const kind = ({ document: "html", script: "js", stylesheet: "css" } as const)[response.request().resourceType() as "document"];
    if (!kind) return;
    pending.push(
      response.body().then(
        (body) => void (totals[kind] += gzipSync(body, { level: 9 }).length),
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(1000);
  await Promise.all(pending);
  await browser.close();
  return totals;
}

const server = givenUrl ? null : await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
try {
  const rows: string[] = [];
  for (const page of PAGES) {
    const results: Scores[] = [];
    for (let i = 0; i < runs; i++) results.push(await audit(page.url, chrome.port));
    const m = (key: keyof Scores) => median(results.map((r) => r[key]));
    const ok =
      m("performance") === 100 && m("accessibility") === 100 && m("fcp") <= 1000 && m("lcp") <= 1000 && m("cls") === 0 && m("tbt") <= 50;
    rows.push(
      `| ${page.name} | ${new URL(page.url).pathname} | ${m("performance")} | ${m("accessibility")} | ${Math.round(m("fcp"))} ms | ${Math.round(m("lcp"))} ms | ${m("cls").toFixed(3)} | ${Math.round(m("tbt"))} ms | ${ok ? "yes" : "NO"} |`,
    );
    console.error(
      `${page.name}: ${results.map((r) => `performance ${r.performance}, FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms`).join("; ")}`,
    );
  }
  console.log(`Lighthouse ${"12.8"} (mobile), median of ${runs} run(s) per page`);
  console.log("| funnel | first step | performance | accessibility | FCP | LCP | CLS | TBT | goals met |");
  console.log("|---|---|---:|---:|---:|---:|---:|---:|:-:|");
  for (const row of rows) console.log(row);
  const v3b = PAGES.find((p) => p.name === "v3b")!;
  const bytes = await firstLoadGzip(v3b.url);
  const kib = (n: number) => (n / 1024).toFixed(1);
  console.log(
    `\nFirst load of ${new URL(v3b.url).pathname} (gzip -9 of decoded bodies): HTML ${kib(bytes.html)} KiB + JS ${kib(bytes.js)} KiB + CSS ${kib(bytes.css)} KiB = ${kib(bytes.html + bytes.js + bytes.css)} KiB`,
  );
} finally {
  await chrome.kill();
  server?.kill("SIGTERM");
}
