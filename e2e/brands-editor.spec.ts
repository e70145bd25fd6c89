/**
 * A content editor's change made in JSON only: a new brand (with a hostile
 * HTML footer), new copy through the brand's overlay, and two funnel steps
 * swapped. The copy is linted with the CLI, then a server started on that
 * folder with the existing renderer build (no rebuild) shows every change.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { e2eServerArgs } from "./support/e2eServer";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.E2E_PORT ?? 4319) + 1;
const at = (host: string, p: string) => `http://${host}:${PORT}${p}`;

const HOSTILE_FOOTER =
  "<p><b>RoadRight Claims</b> is a trading name of Northgate Legal Services Ltd. " +
  '<a href="https://example.org/complaints" onclick="window.__pwned=1">Complaints</a> ' +
  '<a href="javascript:window.__pwned=2">Bad link</a></p>' +
  "<script>window.__pwned=3;alert('script')</script>" +
  '<img src="/nothing.png" onerror="window.__pwned=4;alert(\'onerror\')">' +
  '<iframe src="/"></iframe><style>body{display:none}</style>';

let dir: string;
let server: ChildProcess | undefined;

function editJson(file: string, change: (data: any) => void) {
  const data = JSON.parse(readFileSync(file, "utf8"));
  change(data);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

async function waitForHealth(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "editor-definitions-"));
  cpSync(path.join(ROOT, "definitions"), dir, { recursive: true });
  // 1. A new brand, on its own hostname, with a footer an attacker might try.
  const base = JSON.parse(readFileSync(path.join(dir, "brands", "kba.json"), "utf8"));
  writeFileSync(
    path.join(dir, "brands", "roadright.json"),
    `${JSON.stringify(
      {
        ...base,
        brandId: "roadright",
        brandName: "RoadRight Claims",
        hostnames: ["roadright.localhost"],
        formVersion: "v1",
        primary_color: "#7a2e8e",
        logoUrl: "/brand-assets/quickfind-logo.svg",
        footerText: HOSTILE_FOOTER,
        footerIsHtml: true,
        credit_check_providers: { name: "Sandbox Bureau", provider_type: "standard" },
        // 2. New copy: the brand's overlay on a block the editor gave an id, and a marketing claim.
        copy: { "v1-about-you-heading": { text: "Tell us about yourself" } },
        marketing: { headline: "Was your car finance mis-sold? Check in 60 seconds" },
      },
      null,
      2,
    )}\n`,
  );
  // 3. Step order: date of birth now comes before the address in v1.
  editJson(path.join(dir, "funnels", "v1.json"), (v1) => {
    const about = v1.steps.find((s: any) => s.id === "personal-details");
    about.blocks[0].id = "v1-about-you-heading";
    const a = v1.steps.findIndex((s: any) => s.id === "address");
    const b = v1.steps.findIndex((s: any) => s.id === "date-of-birth");
    [v1.steps[a], v1.steps[b]] = [v1.steps[b], v1.steps[a]];
  });

  // The editor lints: no errors (exit 0), and a warning that the footer's unsafe parts will be removed.
  const lint = await run(process.execPath, [path.join(ROOT, "tools/bin/funnel.mjs"), "lint", dir], { cwd: ROOT });
  expect(lint.stdout).toMatch(/roadright\.json:\d+:\d+ warning footer-html-removed \/footerText/);
  expect(lint.stdout).toContain("<script>");

  // A restart on the edited folder with the renderer as already built: no rebuild.
  server = spawn(process.execPath, e2eServerArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DEFINITIONS_DIR: dir,
      PGLITE_DIR: "memory://",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MULTIPLIER: "50",
    },
    stdio: "ignore",
  });
  await waitForHealth(at("localhost", "/api/health"), 60_000);
});

test.afterAll(async () => {
  if (server?.pid) {
    server.kill("SIGTERM");
    await new Promise((r) => server!.once("exit", r));
  }
  rmSync(dir, { recursive: true, force: true });
});

test("the new brand, its copy and the new step order are live after a restart, and its footer runs nothing", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(at("roadright.localhost", "/"));
  await expect(page).toHaveTitle("RoadRight Claims");
  await expect(page.getByRole("heading", { level: 1, name: "Was your car finance mis-sold? Check in 60 seconds" })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim())).toBe("#7a2e8e");

  // The footer: formatting and the safe link survive; script, handlers, javascript: links, iframes and styles do not.
  const footer = page.locator(".site-footer__text");
  await expect(footer.locator("b")).toHaveText("RoadRight Claims");
  const complaints = footer.getByRole("link", { name: "Complaints" });
  await expect(complaints).toHaveAttribute("href", "https://example.org/complaints");
  await expect(complaints).toHaveAttribute("rel", "noopener noreferrer");
  expect(await complaints.getAttribute("onclick")).toBeNull();
  expect(await footer.getByText("Bad link").getAttribute("href")).toBeNull();
  await expect(footer.locator("script, img, iframe, style, [onerror], [onclick], [style]")).toHaveCount(0);
  await expect(page.locator("body")).toBeVisible();
  await complaints.evaluate((a) => a.addEventListener("click", (e) => e.preventDefault()));
  await complaints.click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expectNoAxeViolations(page, "RoadRight home");
  await captureBothWidths(page, "brands-editor-roadright");

  // The brand's form version and the swapped steps.
  await page.getByRole("link", { name: "Start my claim" }).click();
  await expect(page).toHaveURL(at("roadright.localhost", "/claim/v1/introduction"));
  await page.goto(at("roadright.localhost", "/claim/v1/personal-details"));
  await expect(page.getByRole("heading", { level: 1, name: "Tell us about yourself" })).toBeVisible();
  await expect(page.getByText("Step 2 of 8")).toBeVisible();
  await page.goto(at("roadright.localhost", "/claim/v1/date-of-birth"));
  await expect(page.getByText("Step 3 of 8")).toBeVisible();
  await page.goto(at("roadright.localhost", "/claim/v1/address"));
  await expect(page.getByText("Step 4 of 8")).toBeVisible();

  // Other brands are untouched by RoadRight's copy.
  await page.goto(at("localhost", "/claim/v1/personal-details"));
  await expect(page.getByRole("heading", { level: 1, name: "About you" })).toBeVisible();
  expect(dialogs).toEqual([]);
});
