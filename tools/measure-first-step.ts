/**
 * Measures what the first funnel step loads, the way the peer benchmark does:
 * every response until the page is loaded plus 1 s, decoded sizes compressed
 * with gzip -9 and brotli q11. Usage (server running):
 *   npx tsx tools/measure-first-step.ts http://localhost:3000/claim/v3b/get-started
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const url = process.argv[2] ?? "http://localhost:3000/claim/v3b/get-started";
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage();
const sizes: Record<string, { raw: number; gzip: number; brotli: number; files: number }> = {};
const pending: Promise<void>[] = [];
page.on("response", (response) => {
  pending.push(
    (async () => {
      const kind = response.request().resourceType();
      const bucket = kind === "script" ? "js" : kind === "stylesheet" ? "css" : kind === "document" ? "html" : "other";
      const body = await response.body().catch(() => Buffer.alloc(0));
      const entry = (sizes[bucket] ??= { raw: 0, gzip: 0, brotli: 0, files: 0 });
      entry.raw += body.length;
      entry.gzip += gzipSync(body, { level: 9 }).length;
      entry.brotli += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      entry.files += 1;
    })(),
  );
});
const started = Date.now();
await page.goto(url, { waitUntil: "load" });
await page.getByRole("button").first().waitFor();
const usableMs = Date.now() - started;
await page.waitForTimeout(1000);
await Promise.all(pending);
await browser.close();
const kib = (n: number) => (n / 1024).toFixed(1);
for (const [kind, s] of Object.entries(sizes)) {
  console.log(`${kind.padEnd(5)} files ${s.files}  raw ${kib(s.raw)} KiB  gzip ${kib(s.gzip)} KiB  brotli ${kib(s.brotli)} KiB`);
}
const total = ["html", "js", "css"].reduce((sum, k) => sum + (sizes[k]?.brotli ?? 0), 0);
console.log(`HTML+JS+CSS brotli ${kib(total)} KiB; first button usable after ${usableMs} ms (unthrottled)`);
