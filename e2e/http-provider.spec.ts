/**
 * A real (http-kind) credit and identity provider in Chromium: this spec starts
 * the provider stand-in (server/providers/http/standIn.ts) and its own server
 * whose brands all name it by credit_check_provider_id, with its URL and secret
 * from the environment. v3b and v2 walk through it, and the stand-in's timeout,
 * 5xx, bad signature and BLOCK answers each show the funnel's message. The
 * address and CRM sandboxes still answer, so every page shows the test-mode ribbon.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { STAND_IN_DEFAULT_SECRET, startHttpProviderStandIn, type HttpProviderStandIn } from "../server/providers/http/standIn";
import { enterSubmittingCode } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";
import { spawnServer, type SpawnedServer } from "./support/spawnServer";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CREDIT_FAILED = "We couldn't process your credit report. Please try again.";
let standIn: HttpProviderStandIn;
let server: SpawnedServer | undefined;
let definitions = "";
let baseUrl = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  standIn = await startHttpProviderStandIn();
  definitions = mkdtempSync(path.join(tmpdir(), "definitions-standin-"));
  cpSync(path.join(ROOT, "definitions"), definitions, { recursive: true });
  for (const file of readdirSync(path.join(definitions, "brands"))) {
    const full = path.join(definitions, "brands", file);
    writeFileSync(full, JSON.stringify({ ...JSON.parse(readFileSync(full, "utf8")), credit_check_provider_id: "standin" }));
  }
  server = await spawnServer({
    PORT: "0",
    PGLITE_DIR: "memory://",
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    RATE_LIMIT_MULTIPLIER: "50",
    DEFINITIONS_DIR: definitions,
    HTTP_PROVIDER_STANDIN_URL: standIn.url,
    HTTP_PROVIDER_STANDIN_SECRET: STAND_IN_DEFAULT_SECRET,
    HTTP_PROVIDER_TIMEOUT_MS: "600",
    ...(process.env.RENDERER_DIR ? { RENDERER_DIR: process.env.RENDERER_DIR } : {}),
  });
  baseUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
  if (definitions) rmSync(definitions, { recursive: true, force: true });
});

/** v3b: get-started, address, personal details, signature; returns once the credit check has started. */
async function v3bToCreditCheck(page: Page, lastName: string) {
  const next = page.getByRole("button", { name: "Next Step" });
  await page.goto(`${baseUrl}/claim/v3b/get-started`);
  await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
  await page.getByRole("combobox", { name: "Search for your address" }).fill("10 Dow");
  await page.getByRole("option").first().click();
  await next.click();
  await expect(page).toHaveURL(/\/claim\/v3b\/personal-details$/);
  await page.getByLabel("Title").selectOption("Mr");
  await page.getByLabel("First name").fill("Owen");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Date of birth").fill("02091982");
  await page.getByLabel("Email address").fill(`owen.${lastName.toLowerCase()}+${Date.now()}@example.com`);
  await page.getByLabel("Mobile number").fill("07700 900321");
  await next.click();
  await expect(page).toHaveURL(/\/claim\/v3b\/signature$/, { timeout: 10_000 });
  await drawSignature(page);
  await next.click();
}

/** v2 (the affiliate brand): up to the submitting screen, where the identity check and the search run. */
async function v2ToSubmitting(page: Page, lastName: string): Promise<string> {
  const next = page.getByRole("button", { name: "Continue" });
  await page.goto(`${baseUrl}/claim/v2/agreement-finder?brand=quickfind-affiliate`);
  await page.getByRole("button", { name: "Find My Agreement(s)" }).click();
  await page.getByRole("button", { name: "Enter my address manually" }).click();
  await page.getByLabel("House number").fill("10");
  await page.getByLabel("Street").fill("Downing Close");
  await page.getByLabel("Town or city").fill("London");
  await page.getByLabel("Postcode").fill("SW1A 2DX");
  await next.click();
  await page.getByLabel("Title").selectOption("Mrs");
  await page.getByLabel("First name").fill("Amelia");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Date of birth").fill("17031984");
  await next.click();
  const email = `amelia.${lastName.toLowerCase()}.${Date.now()}@example.com`;
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Mobile number").fill("07700 900123");
  await page.getByLabel(/I agree to the privacy policy and terms/).check();
  await next.click();
  await expect(page).toHaveURL(/\/signature/, { timeout: 10_000 });
  await page.getByRole("button", { name: "Type my name instead" }).click();
  await page.getByLabel("Type your full name to sign").fill(`Amelia ${lastName}`);
  await next.click();
  await expect(page).toHaveURL(/lender-selection/);
  await next.click();
  await expect(page).toHaveURL(/\/claim\/v2\/submitting/);
  return email;
}

test("v3b through the http provider: the search finds agreements, under the test-mode ribbon", async ({ page }) => {
  const before = standIn.calls.length;
  await v3bToCreditCheck(page, "Hargreaves");
  await expect(page).toHaveURL(/\/claim\/v3b\/select-claims$/, { timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Agreements found in your credit file" }).locator("tbody tr").first()).toBeVisible();
  expect(standIn.calls.slice(before).map((c) => c.path)).toEqual(["/identity/verify", "/credit-search"]);
  expect(standIn.calls.slice(before).every((c) => c.signatureValid)).toBe(true);
  const ribbon = page.getByRole("complementary", { name: "Test mode" });
  await expect(ribbon).toHaveText(/^Test mode: no real credit search/);
  await expectNoAxeViolations(page, "select-claims with the test-mode ribbon");
  await captureBothWidths(page, "http-provider-1-ribbon");
  // A page outside the funnel says so too.
  await page.goto(`${baseUrl}/login`);
  await expect(page.getByRole("complementary", { name: "Test mode" })).toHaveText(/^Test mode: no real credit search/);
  await expectNoAxeViolations(page, "login with the test-mode ribbon");
  await captureBothWidths(page, "http-provider-1b-ribbon-login");
});

const FAILURES = [
  ["Timeout", CREDIT_FAILED],
  ["Bureauerror", CREDIT_FAILED],
  ["Badsignature", CREDIT_FAILED],
] as const;

async function startAfresh(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

test("v3b, the provider's timeout and BLOCK: each run ends with the spec's message and the funnel moves on", async ({ page }) => {
  // v3b has no error pause (v3d has one): the screen moves on to select-claims with the run's message stored.
  // (5xx and bad signature end the same way as the timeout: the v2 walk below shows all of them.)
  for (const [surname, message] of [FAILURES[0], ["Blocknoid", "Verification BLOCK: Identity could not be confirmed"]] as const) {
    await v3bToCreditCheck(page, surname);
    await expect(page).toHaveURL(/\/claim\/v3b\/select-claims$/, { timeout: 20_000 });
    await expect(page.getByRole("region", { name: "Agreements found in your credit file" })).toHaveCount(0);
    // The progress copy is written when the browser is next idle (within a second of a change).
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("claim-progress:fairdrive:v3b") ?? "{}")), { message: surname })
      .toMatchObject({ creditCheckStatus: "error", creditCheckError: message, claimsFound: 0 });
    await startAfresh(page);
  }
});

test("v2 through the http provider: ALLOW goes to confirmation; BLOCK, timeout, 5xx and bad signature each show the spec's message", async ({
  page,
}) => {
  const email = await v2ToSubmitting(page, "Hargreaves");
  // A new account's email is proven by a mailed code before the account is made.
  await enterSubmittingCode(page, email);
  await expect(page).toHaveURL(/\/claim\/v2\/confirmation/, { timeout: 20_000 });
  await expect(page.getByText(/We have found \d+ valid claim\(s\)/)).toBeVisible();

  for (const [surname, message] of [["Blocknoid", "Verification blocked and no verification ID provided"], ...FAILURES] as const) {
    await startAfresh(page);
    await v2ToSubmitting(page, surname);
    const panel = page.getByRole("alert").filter({ hasText: "There was a problem with" });
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText(message, { exact: true })).toBeVisible();
    if (surname === "Timeout") {
      await expectNoAxeViolations(page, "v2 submitting error from the http provider");
      await captureBothWidths(page, "http-provider-2-v2-timeout");
    }
  }
});
