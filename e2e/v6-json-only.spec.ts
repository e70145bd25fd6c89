/**
 * A new funnel version made only of JSON (e2e/fixtures/v6, laid over a copy of definitions/ on a server of its
 * own): v6, derived from v3c, with a new first step, a field no column knows (a regex rule and a transform), a
 * conditional redirect, a lender picker with max 12 and a declared CRM mapping; and v6-partner, a second affiliate
 * way in beside v4. Walked as a consumer: the regex message, then the value transformed; the lease answer's redirect
 * taken and the other way not; 12 lenders saved; the account; the new field in the portal's details under its
 * label, in the CRM payload and, sealed, in the database. Then a partner's link for the brand opens v6-partner's
 * declared step. The database is read once the server has stopped (one process per PGlite directory).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, request, test } from "@playwright/test";
import { openAnswers } from "../server/claims/answers";
import { DataKeyring } from "../server/crypto/dataEncryption";
import { openDb } from "../server/db/open";
import { openAffiliateLink, partnerClaim, enterSetupCode } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { startDefinitionsServer, type DefinitionsServer } from "./support/definitionsServer";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";

const V6_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "v6");
let server: DefinitionsServer;
let pgliteDir = "";
let stopped = false;
const at = (pathAndQuery: string) => `http://roadsix.localhost:${server.port}${pathAndQuery}`;

/**
 * Lays the fixture over the copied definitions as an editor would add it: with a second funnel declaring an
 * affiliate entry, every other brand names its own (v4), as the lint requires; RoadSix is the default brand.
 */
function addV6(dir: string) {
  const brands = path.join(dir, "brands");
  for (const file of readdirSync(brands)) {
    const brand = JSON.parse(readFileSync(path.join(brands, file), "utf8"));
    brand.affiliateFormVersion ??= "v4";
    delete brand.isDefault;
    writeFileSync(path.join(brands, file), JSON.stringify(brand, null, 2));
  }
  cpSync(V6_FIXTURE, dir, { recursive: true, filter: (source) => !source.endsWith("README.md") });
}

async function stopServer() {
  if (!stopped) await server?.stop();
  stopped = true;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  pgliteDir = mkdtempSync(path.join(tmpdir(), "pglite-v6-"));
  server = await startDefinitionsServer({ edit: addV6, env: { PGLITE_DIR: pgliteDir, CREDIT_TIMEOUT_MS: "5000" } });
});

test.afterAll(async () => {
  await stopServer();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

/** A partner's claim for a brand through the partner API, signed as the sandbox partner, without a credit search. */
const partnerClaimFor = (brandId: string, person: { firstName: string; lastName: string; email: string }) =>
  partnerClaim(server.url, person, { brand_id: brandId, credit_search: false });

test("v6 from JSON alone: new step, regex and transform, conditional redirect, 12 lenders, the new field stored, shown and sent; a second affiliate entry", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const email = `nadia.okafor+${Date.now()}@example.org`;
  const nextStep = page.getByRole("button", { name: "Next Step" });

  // The new first step, with its own copy.
  await page.goto(at("/claim/v6/your-car"));
  await expect(page).toHaveURL(/\/claim\/v6\/your-car$/);
  await expect(page.getByRole("heading", { level: 1, name: "Let's start with your car" })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 1 of 7");

  // The regex rule's message, then a sloppy value the transforms make good.
  const registration = page.getByLabel("Your car's registration");
  const regexMessage = page.getByText("Enter the registration as on the plate, like AB12 CDE").first();
  await registration.fill("NOT A PLATE");
  await registration.blur();
  await expect(regexMessage).toBeVisible();
  await page.getByLabel("A lease or rental").check();
  await nextStep.click();
  await expect(regexMessage).toBeVisible();
  await expect(page).toHaveURL(/\/claim\/v6\/your-car$/);
  await expectNoAxeViolations(page, "v6 your-car with the regex message");
  await captureBothWidths(page, "v6-1-your-car-regex-message");
  await registration.fill("  ab12   cde ");

  // The conditional redirect: a lease goes to its own page, not on to the address.
  await nextStep.click();
  await expect(page).toHaveURL(/\/claim\/v6\/lease-not-eligible$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leases and rentals cannot be claimed" })).toBeVisible();
  await expectNoAxeViolations(page, "v6 lease-not-eligible");
  await captureBothWidths(page, "v6-2-lease-not-eligible");
  await expect(page.getByRole("button", { name: "Back to the home page" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/claim\/v6\/your-car$/);
  await expect(registration).toHaveValue("AB12 CDE");
  // Any other answer takes the other way: on to the address, never the lease page.
  await page.getByLabel("Personal contract purchase (PCP)").check();
  await nextStep.click();
  await expect(page).toHaveURL(/\/claim\/v6\/address$/);
  await expect(page.getByRole("heading", { level: 1, name: "Where do you live now?" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Leases and rentals cannot be claimed" })).toHaveCount(0);

  // v3c's steps as they were: address, details, signature, the credit check.
  await page.getByRole("combobox", { name: "What is your current address?" }).fill("10 Dow");
  await page.getByRole("option").first().click();
  await nextStep.click();
  await expect(page).toHaveURL(/\/claim\/v6\/personal-details$/);
  await page.getByLabel("Title").selectOption("Ms");
  await page.getByLabel("First name").fill("Nadia");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Date of birth").fill("02091982");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Mobile number").fill("07700 900321");
  await nextStep.click();
  await expect(page).toHaveURL(/\/claim\/v6\/signature$/, { timeout: 10_000 });
  await drawSignature(page);
  await nextStep.click();

  // The credit check runs by itself, then the picker takes 12 lenders (the definition's max) and no more.
  await expect(page).toHaveURL(/\/claim\/v6\/select-claims$/, { timeout: 20_000 });
  const foundRows = page.getByRole("region", { name: "Agreements found in your credit file" }).locator("tbody tr");
  await expect(foundRows.first()).toBeVisible();
  const found = await foundRows.count();
  for (let i = 0; i < 12; i++) await page.getByRole("button", { name: /^Add / }).first().click();
  await expect(page.getByText("You have chosen the most lenders you can: 12.")).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/claim\/v6\/confirmation$/, { timeout: 10_000 });
  await expect(page.getByText(`We have found ${found + 12} valid claim(s)`)).toBeVisible();
  await page.getByLabel("Create a password").fill("correct horse battery");
  await page.getByLabel("Confirm your password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create my account" }).click();
  await enterSetupCode(page, email);

  // The portal: every claim, and the new fields under the definition's labels.
  await expect(page).toHaveURL(/\/portal$/, { timeout: 20_000 });
  await expect(page.getByRole("list", { name: "Your claims" }).getByRole("listitem")).toHaveCount(found + 12);
  const details = page.getByRole("region", { name: "Your details" });
  const answerTo = (label: string) => details.locator("div", { has: page.getByText(label, { exact: true }) }).getByRole("definition");
  await expect(answerTo("Your car's registration")).toHaveText("AB12 CDE");
  await expect(answerTo("How did you pay for the car?")).toHaveText("Personal contract purchase (PCP)");

  // The CRM payload, through v6's declared mapping (newest first).
  const portal = await page.evaluate(async () => (await fetch("/api/portal/claims")).json());
  const claimId = portal.claimRequests[0].id as string;
  const api = await request.newContext({ baseURL: server.url });
  const crm = await (await api.get(`/api/dev/crm?claim_request_id=${claimId}`)).json();
  expect(crm.clients.length).toBeGreaterThan(0);
  expect(crm.clients[0].client).toMatchObject({
    first_name: "Nadia",
    last_name: "Okafor",
    email,
    vehicle: { registration: "AB12 CDE", finance_type: "pcp" },
  });
  await api.dispose();

  // The second affiliate entry: the brand's partner claim runs v6-partner and its link opens the declared step.
  const partner = await partnerClaimFor("roadsix", {
    firstName: "Amelia",
    lastName: "Hargreaves",
    email: `amelia.h+${Date.now()}@example.org`,
  });
  const consumer = await browser.newContext();
  const partnerPage = await consumer.newPage();
  const link = new URL(partner.link);
  await openAffiliateLink(partnerPage, at(`${link.pathname}${link.search}`));
  await expect(partnerPage).toHaveURL(/\/claim\/v6-partner\/check-details$/, { timeout: 10_000 });
  await expect(partnerPage.getByRole("heading", { level: 1, name: "Welcome back, Amelia" })).toBeVisible();
  await consumer.close();

  // The database: the new answers sealed with the claim request, 12 manual claims, each claim under its funnel.
  await stopServer();
  const db = await openDb({ pgliteDir });
  try {
    const { rows } = await db.query<{ answers_sealed: string; funnel_version: string; brand_id: string }>(
      "SELECT answers_sealed, funnel_version, brand_id FROM claim_requests WHERE id = $1",
      [claimId],
    );
    expect(rows[0]).toMatchObject({ funnel_version: "v6", brand_id: "roadsix" });
    expect(rows[0].answers_sealed).toMatch(/^enc1:/);
    expect(rows[0].answers_sealed).not.toContain("AB12");
    expect(openAnswers(DataKeyring.development(), claimId, rows[0].answers_sealed)).toMatchObject({
      "vehicle.registration": "AB12 CDE",
      "vehicle.financeType": "pcp",
    });
    const manual = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM claims WHERE claim_request_id = $1 AND source = 'manual'",
      [claimId],
    );
    expect(Number(manual.rows[0].n)).toBe(12);
    const partnerRow = await db.query<{ funnel_version: string }>("SELECT funnel_version FROM claim_requests WHERE id = $1", [
      partner.claimId,
    ]);
    expect(partnerRow.rows[0].funnel_version).toBe("v6-partner");
  } finally {
    await db.close();
  }
});
