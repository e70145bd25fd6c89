/**
 * First-party analytics in the browser, on a server of its own (its embedded database in a folder, read once
 * the server has stopped): an experiment's variant is drawn by the server and stays across reloads; opting
 * out on the privacy page stops every event; and after a journey through the details steps, no events or
 * rollup row holds any of the visitor's personal data.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page, type Request } from "@playwright/test";
import { startDefinitionsServer, type DefinitionsServer } from "./support/definitionsServer";
import { drawSignature } from "./support/signature";
import { expectNoAxeViolations } from "./support/axe";
import { bucketOf, variantAt, type Experiment } from "../server/analytics/experiments";
import { openDb } from "../server/db/open";
import { runRollup } from "../server/analytics/rollup";

const VARIANT_B_ITEM = "Variant B: see in a minute whether you could claim";
const EXPERIMENT: Experiment = {
  id: "claims-list",
  start: "2026-01-01",
  variants: [
    { id: "a", weight: 50 },
    { id: "b", weight: 50, copy: { "marketing-claims": { items: [VARIANT_B_ITEM, "Free agreement finder"] } } },
  ],
};

let server: DefinitionsServer;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "analytics-e2e-db-"));
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
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Every analytics request the context's pages send (beacons included); with "requestfinished", only once the
 * server has answered it: an answered batch is one the server holds, so stopping the server writes it.
 */
function eventRequests(context: BrowserContext, on: "request" | "requestfinished" = "request"): string[] {
  const sent: string[] = [];
  const note = (request: Request) => {
    if (request.url().endsWith("/api/analytics/events")) sent.push(request.postData() ?? "");
  };
  if (on === "request") context.on("request", note);
  else context.on("requestfinished", note);
  return sent;
}

const visitIdOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "visit")?.value;

test("the server draws the visit's variant, the same on every reload", async ({ page, context }) => {
  const first = await page.goto(`${server.url}/claim/v3b/get-started`);
  const visitId = await visitIdOf(context);
  expect(visitId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const variant = variantAt(EXPERIMENT, bucketOf(visitId!, EXPERIMENT.id)).id;
  const item = page.getByText(VARIANT_B_ITEM);
  // No flicker: the HTML the server sent (the first paint, before any script) is already the variant.
  expect((await first!.text()).includes(VARIANT_B_ITEM)).toBe(variant === "b");
  for (let reload = 0; reload < 2; reload++) {
    await expect(page.getByRole("button", { name: "Yes! Start My Claim!" })).toBeEnabled();
    if (variant === "b") await expect(item).toBeVisible();
    else await expect(item).toHaveCount(0);
    expect(await visitIdOf(context)).toBe(visitId);
    await page.reload();
  }
});

/** Starts a claim and reaches the address step: step shown, Next pressed, step left, step shown. */
async function startClaim(page: Page) {
  await page.goto(`${server.url}/claim`);
  await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
  await expect(page).toHaveURL(/\/claim\/v3b\/address$/);
}

test("opting out on the privacy page stops every event", async ({ page, context, browser }) => {
  // Counted at first: the recorder sends its batch a few seconds after the first event (or on leaving).
  const sent = eventRequests(context);
  await startClaim(page);
  await expect.poll(() => sent.join(""), { timeout: 15_000 }).toContain('"k":"step_shown"');

  await page.goto(`${server.url}/privacy-policy`);
  await page.getByRole("button", { name: "Stop counting my visits" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Visits from this browser are not counted." })).toBeVisible();
  await expectNoAxeViolations(page, "privacy page, opted out");
  expect(await visitIdOf(context)).toBeUndefined();

  sent.length = 0;
  await startClaim(page);
  // A browser that has not opted out does the same afterwards: once its batch is sent, one recorded by the
  // opted-out browser before it would have been sent too.
  const control = await browser.newContext();
  const controlSent = eventRequests(control);
  await startClaim(await control.newPage());
  await expect.poll(() => controlSent.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await control.close();
  expect(sent).toEqual([]);
  expect(await visitIdOf(context)).toBeUndefined();
});

test("after a journey, no events or rollup row holds the visitor's personal data", async ({ page, context }) => {
  const sent = eventRequests(context, "requestfinished");
  const person = { lastName: "Pennington", email: "owen.pennington@example.com" };
  await startClaim(page);
  const next = page.getByRole("button", { name: "Next Step" });
  await page.getByRole("combobox", { name: "Search for your address" }).fill("SW1A 2");
  await page.getByRole("option").first().click();
  await expect(page.getByRole("button", { name: "Search again" })).toBeVisible();
  await next.click();
  await expect(page).toHaveURL(/\/claim\/v3b\/personal-details$/);
  await page.getByLabel("Title").selectOption("Mr");
  await page.getByLabel("First name").fill("Owen");
  await page.getByLabel("Last name").fill(person.lastName);
  // Under 18 first: a validation failure is counted (its field and rule, never the date typed).
  const teenager = new Date();
  teenager.setFullYear(teenager.getFullYear() - 17);
  const teenDob = `${String(teenager.getDate()).padStart(2, "0")}${String(teenager.getMonth() + 1).padStart(2, "0")}${teenager.getFullYear()}`;
  await page.getByLabel("Date of birth").fill(teenDob);
  await page.getByLabel("Email address").fill(person.email);
  await page.getByLabel("Mobile number").fill("07700 900321");
  await next.click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below to continue" })).toBeFocused();
  await page.getByLabel("Date of birth").fill("02091982");
  await next.click();
  await expect(page).toHaveURL(/\/claim\/v3b\/signature$/, { timeout: 10000 });
  await drawSignature(page);
  await next.click();
  await expect(page).toHaveURL(/\/claim\/v3b\/(credit-check|select-claims)$/);
  await expect.poll(() => sent.join(""), { timeout: 15_000 }).toContain('"k":"validation_failed"');
  await expect.poll(() => sent.join(""), { timeout: 15_000 }).toContain('"s":"signature"');
  // Stopping the server writes the events it holds; then its database can be opened here.
  await server.stop();
  const db = await openDb({ pgliteDir: dataDir });
  try {
    const { rows: claims } = await db.query<Record<string, unknown>>(
      "SELECT first_name, last_name, email, phone_number, date_of_birth::text AS dob, address FROM claim_requests WHERE email = $1",
      [person.email],
    );
    expect(claims).toHaveLength(1);
    const claim = claims[0];
    const address = claim.address as { postcode: string };
    const dob = String(claim.dob);
    const personal = [
      String(claim.first_name),
      String(claim.last_name),
      String(claim.email),
      String(claim.phone_number),
      String(claim.phone_number).replace(/\s/g, ""),
      dob,
      dob.split("-").reverse().join("/"),
      teenDob,
      address.postcode,
      address.postcode.replace(/\s/g, ""),
      "data:image",
    ];
    await runRollup(db, new Date());
    const tables = ["analytics_events", "analytics_daily_steps", "analytics_daily_visits"];
    const dump: Record<string, string> = {};
    for (const table of tables) dump[table] = JSON.stringify((await db.query(`SELECT * FROM ${table}`)).rows);
    // The journey was counted: the steps it went through are there, in the events and their rollups.
    expect(dump.analytics_events).toContain('"step_id":"personal-details"');
    expect(dump.analytics_daily_steps).toContain('"step_id":"signature"');
    expect(dump.analytics_events).toContain('"field_path":"personalDetails.dateOfBirth"');
    for (const table of tables) {
      for (const value of personal) expect(dump[table].toLowerCase(), `${table} holds "${value}"`).not.toContain(value.toLowerCase());
    }
  } finally {
    await db.close();
  }
});
