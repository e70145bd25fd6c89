/**
 * The operator dashboard, /ops: the not-found page for anonymous visitors and a consumer's session alike; the
 * sign-in refuses a missing or wrong TOTP code; an operator created by the operator command signs in with a code
 * computed here (otplib) and sees the seeded visits as charts, each with its numbers in a table behind it.
 * Chart.js reaches no funnel page: the funnel's entry code and what its page preloads carry none of it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { operatorCommand } from "../server/commands/operator";
import { expectNoAxeViolations } from "./support/axe";
import { affiliatePath, partnerClaimRequest } from "./support/accounts";
import { captureBothWidths } from "./support/screens";
import { startDefinitionsServer, type DefinitionsServer } from "./support/definitionsServer";

const USERNAME = "ops-e2e";
const PASSWORD = "a long operator passphrase";
const EXPERIMENT = {
  id: "landing-copy",
  start: "2026-01-01",
  variants: [
    { id: "a", weight: 50 },
    { id: "b", weight: 50, copy: { "marketing-claims": { items: ["Variant B", "Free agreement finder"] } } },
  ],
};
/** The steps the seeded visitors walk; visitor i stops on step i % 4 (the last completes the funnel). */
const WALK = ["get-started", "address", "personal-details", "signature"];
const VISITORS = 20;
/** A string of Chart.js's own that survives minifying (its expando key on a canvas). */
const CHART_JS_MARK = "$chartjs";

let server: DefinitionsServer;
let dataDir: string;
let secret: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ops-e2e-db-"));
  // The operator command, on the database the server then opens (the embedded database allows one process at a time).
  const created = await operatorCommand(["create", "--username", USERNAME], {
    ...process.env,
    NODE_ENV: "test",
    PGLITE_DIR: dataDir,
    OPERATOR_PASSWORD: PASSWORD,
  });
  expect(created.code, created.out).toBe(0);
  secret = /TOTP secret \(shown once\): (\S+)/.exec(created.out)![1];
  server = await startDefinitionsServer({
    env: { PGLITE_DIR: dataDir },
    edit: (dir) => {
      const file = path.join(dir, "brands", "default.json");
      const brand = JSON.parse(readFileSync(file, "utf8"));
      writeFileSync(file, JSON.stringify({ ...brand, experiments: [EXPERIMENT] }, null, 2));
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function expectNotFound(page: Page) {
  const response = await page.goto(`${server.url}/ops`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await page.request.get(`${server.url}/api/ops/brands`)).status()).toBe(404);
}

/** Seeds visits through the analytics endpoint, as the renderer sends them: a page for the visit cookie, then events. */
async function seedVisits() {
  for (let i = 0; i < VISITORS; i++) {
    const visitor = await request.newContext({ baseURL: server.url });
    expect((await visitor.get("/claim/v3b/get-started")).status()).toBe(200);
    const stopAt = i % WALK.length;
    const events: Record<string, unknown>[] = [];
    for (const [at, stepId] of WALK.slice(0, stopAt + 1).entries()) {
      const ago = (WALK.length - at) * 10_000;
      events.push({ k: "step_shown", s: stepId, a: ago });
      if (stepId === "address" && i % 2 === 0)
        events.push({ k: "validation_failed", s: stepId, a: ago - 1000, f: "address.postcode", r: "required" });
      if (at < stopAt) events.push({ k: "step_left", s: stepId, a: ago - 5000 - i * 100, o: "next" });
      else if (stepId === "signature") events.push({ k: "funnel_completed", s: stepId, a: ago - 8000 });
    }
    const sent = await visitor.post("/api/analytics/events", {
      headers: { "content-type": "text/plain;charset=UTF-8", origin: server.url },
      data: JSON.stringify({ v: "v3b", e: events }),
    });
    expect(sent.status()).toBe(204);
    await visitor.dispose();
  }
}

test("/ops is not found for anonymous visitors and consumers; the sign-in refuses a missing or wrong code", async ({ page }) => {
  await expectNotFound(page);
  // A consumer with a session (a partner's link opened).
  const claimId = await partnerClaimRequest(server.url, { firstName: "Ada", lastName: "Consumer", email: "ada.ops@example.com" });
  await page.goto(`${server.url}${affiliatePath(claimId)}`);
  await page.getByRole("button", { name: "Continue to my claim" }).click();
  await expect(page).toHaveURL(/\/claim\//);
  expect((await page.context().cookies()).some((c) => c.name === "session")).toBe(true);
  await expectNotFound(page);

  await page.goto(`${server.url}/ops/sign-in`);
  await page.getByLabel("Username").fill(USERNAME);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Enter the 6-digit code from your authenticator app" })).toBeVisible();
  await expectNoAxeViolations(page, "ops sign-in with errors");
  await captureBothWidths(page, "ops-sign-in-errors");

  const right = await generate({ secret });
  await page.getByLabel("Code from your authenticator app").fill(String((Number(right) + 1) % 1_000_000).padStart(6, "0"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(summary).toContainText("Those sign-in details are not right");
  await expect(page).toHaveTitle(/^Error: Operator sign-in/);
  await expectNotFound(page);
});

test("an operator signs in with a TOTP code and sees the seeded visits as charts with tables", async ({ page }) => {
  // The strict Content Security Policy (no inline script or style) holds for the charts.
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await seedVisits();
  await page.goto(`${server.url}/ops/sign-in`);
  await page.getByLabel("Username").fill(USERNAME);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Code from your authenticator app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/ops$/);
  // The events are written in batches: wait until the report counts every seeded visit, then draw it afresh.
  const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await expect
    .poll(async () => {
      const report = await (await page.request.get(`${server.url}/api/ops/report?brand=fairdrive&since=${since}`)).json();
      return report.funnels.variants.reduce((n: number, v: { visits: number }) => n + v.visits, 0);
    })
    .toBe(VISITORS);
  await page.reload();
  await page.getByLabel("Brand").selectOption("fairdrive");
  await page.getByRole("button", { name: "Show report" }).click();

  await expect(page.getByRole("heading", { name: "Experiment landing-copy" })).toBeVisible();
  const funnels = page.getByRole("region", { name: "Funnels (every visit, by version)" });
  await expect(funnels.getByRole("img", { name: "Visitors per step, v3b" })).toBeVisible();
  await expect(funnels.getByRole("img", { name: "Conversion with 95% interval" })).toBeVisible();
  await expect(funnels.getByRole("img", { name: "Median time per step (seconds)" })).toBeVisible();
  // Chart.js drew on the canvases.
  expect(
    await funnels
      .locator("canvas")
      .first()
      .evaluate((c: HTMLCanvasElement) => c.width > 0),
  ).toBe(true);

  // The table behind the funnel chart, opened from the keyboard.
  const figure = funnels.locator("figure").filter({ hasText: "Visitors per step, v3b" });
  await figure.getByText("Show data as a table").focus();
  await page.keyboard.press("Enter");
  const table = figure.getByRole("table");
  await expect(table).toBeVisible();
  const row = (step: string) => table.getByRole("row", { name: new RegExp(`^${step} `) });
  await expect(row("get-started")).toContainText(`${VISITORS}`);
  await expect(row("address").getByRole("cell").nth(0)).toHaveText("15");
  await expect(row("personal-details").getByRole("cell").nth(0)).toHaveText("10");
  await expect(row("signature").getByRole("cell").nth(0)).toHaveText("5");
  await expect(row("address")).toContainText("address.postcode required ×");

  const conversion = funnels.locator("figure").filter({ hasText: "Conversion with 95% interval" });
  await conversion.getByText("Show data as a table").click();
  await expect(conversion.getByRole("row", { name: /^v3b / })).toContainText("25.0%");

  expect(refused).toEqual([]);
  await expectNoAxeViolations(page, "ops dashboard");
  await captureBothWidths(page, "ops-dashboard");
});

test("Chart.js is in the dashboard's code only: not in a funnel page's entry script nor what it preloads", async () => {
  const html = await (await fetch(`${server.url}/claim/v3b/get-started`)).text();
  // The page loader names the entry script (data-app) and the step's modules (data-preload).
  const loader = /<script[^>]+data-app="([^"]+)"(?: data-preload="([^"]+)")?/.exec(html);
  const scripts = loader ? [loader[1], ...(loader[2]?.split(" ") ?? [])] : [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts)
    expect((await (await fetch(`${server.url}${src}`)).text()).includes(CHART_JS_MARK), `Chart.js in ${src}`).toBe(false);
  // The mark is there to be found: the dashboard's chunk has it.
  const manifest = JSON.parse(readFileSync(path.join("dist", "renderer", ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { file: string }
  >;
  const dashboard = Object.entries(manifest).find(([source]) => source.endsWith("ops/OpsDashboardPage.tsx"))![1].file;
  expect(readFileSync(path.join("dist", "renderer", dashboard), "utf8")).toContain(CHART_JS_MARK);
});
