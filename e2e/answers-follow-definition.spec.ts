/**
 * Answers follow the definition, in Chromium: a funnel made only of JSON (the answers-demo test
 * fixture: a field no column knows, with a regex rule and a transform; a lender picker with max 12;
 * its own password rule and CRM mapping) runs on its own server. The walk shows the new field's
 * value in the database (sealed), in the portal's "Your details" under its label, and in the CRM
 * payload; 12 lenders save. The portal's details are screenshotted at 390 and 1280 px and checked with axe.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { openAnswers } from "../server/claims/answers";
import { DataKeyring } from "../server/crypto/dataEncryption";
import { openDb } from "../server/db/open";
import { definitionsWithFixtures } from "../server/testing/fixtureDefinitions";
import { enterSetupCode } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { DESKTOP, PHONE } from "./support/screens";
import { spawnServer, type SpawnedServer } from "./support/spawnServer";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SHOTS = process.env.SCREENSHOTS_DIR ?? path.join(ROOT, "screenshots");
let server: SpawnedServer | undefined;
let fixture: ReturnType<typeof definitionsWithFixtures>;
let pgliteDir = "";
let baseUrl = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  fixture = definitionsWithFixtures(["answers-demo"]);
  // On disk, so the test can read the database once the server has stopped (one process per PGlite directory).
  pgliteDir = mkdtempSync(path.join(tmpdir(), "pglite-answers-"));
  server = await spawnServer({
    PORT: "0",
    PGLITE_DIR: pgliteDir,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    RATE_LIMIT_MULTIPLIER: "50",
    PASSWORD_ARGON2_MEMORY_KIB: "1024",
    PASSWORD_ARGON2_ITERATIONS: "1",
    DEFINITIONS_DIR: fixture.dir,
    ...(process.env.RENDERER_DIR ? { RENDERER_DIR: process.env.RENDERER_DIR } : {}),
  });
  baseUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
  fixture?.remove();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

test("a new field's value reaches the database, the portal's details and the CRM payload; 12 lenders save", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `imogen.whitlock+${Date.now()}@example.org`;
  const next = page.getByRole("button", { name: "Next" });

  await page.goto(`${baseUrl}/claim/answers-demo/details`);
  await page.getByLabel("First name").fill("Imogen");
  await page.getByLabel("Last name").fill("Whitlock");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Flat number").fill("4B");
  // The definition's regex rule, with its message, before its transform makes a good value of a sloppy one.
  await page.getByLabel("Your car's registration").fill("NOT A PLATE");
  await next.click();
  await expect(page.getByText("Enter a registration like AB12 CDE").first()).toBeVisible();
  await page.getByLabel("Your car's registration").fill("ab12 cde");
  await page.getByLabel("No, it was sold").check();
  await page.getByLabel("The code we sent you").fill("123456");
  await next.click();

  await expect(page).toHaveURL(/\/claim\/answers-demo\/lenders$/, { timeout: 15_000 });
  for (let i = 0; i < 12; i++) await page.getByRole("button", { name: /^Add / }).first().click();
  await expect(page.getByText("You have chosen the most lenders you can: 12.")).toBeVisible();
  await next.click();

  await expect(page).toHaveURL(/\/claim\/answers-demo\/account$/, { timeout: 15_000 });
  await page.getByLabel("Create a password").fill("short-pass1");
  await page.getByLabel("Confirm your password").fill("short-pass1");
  // The definition's minLength 12 holds the button back (the server refuses it too: server/claims/answers.integration.test.ts).
  await expect(page.getByRole("button", { name: "Create my account" })).toBeDisabled();
  await page.getByLabel("Create a password").fill("a long enough passphrase");
  await page.getByLabel("Confirm your password").fill("a long enough passphrase");
  await page.getByRole("button", { name: "Create my account" }).click();
  await enterSetupCode(page, email);

  // The portal: 12 claims, and the new field under the definition's label.
  await expect(page).toHaveURL(/\/portal/, { timeout: 20_000 });
  const details = page.locator("section.portal__details");
  await expect(details.getByText("Your car's registration")).toBeVisible();
  await expect(details.locator("div", { has: page.getByText("Your car's registration") }).getByRole("definition")).toHaveText("AB12 CDE");
  await expect(details.locator("div", { has: page.getByText("Do you still have the car?") }).getByRole("definition")).toHaveText(
    "No, it was sold",
  );
  await expect(details.locator("div", { has: page.getByText("Flat number") }).getByRole("definition")).toHaveText("4B");
  await expect(details.getByText("The code we sent you")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Your claims" }).getByRole("listitem")).toHaveCount(12);
  await expectNoAxeViolations(page, "portal with stored answers");
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await details.scrollIntoViewIfNeeded();
    await details.screenshot({ path: path.join(SHOTS, `portal-details-answers-${label}.png`) });
    await page.screenshot({ path: path.join(SHOTS, `portal-answers-${label}.png`), fullPage: true });
    await expectNoAxeViolations(page, `portal with stored answers at ${label} px`);
  }

  // The CRM payload, through the funnel's declared mapping.
  const portal = await (await page.request.get(`${baseUrl}/api/portal/claims`)).json();
  const claimId = portal.claimRequests[0].id as string;
  const crm = await (await page.request.get(`${baseUrl}/api/dev/crm?claim_request_id=${claimId}`)).json();
  expect(crm.clients[0].client).toEqual({
    first_name: "Imogen",
    last_name: "Whitlock",
    email,
    address: { flat: "4B" },
    vehicle: { registration: "AB12 CDE", ownership: "sold" },
  });

  // The database: the answer is stored sealed, and opens to the value; the transient code is not kept.
  await server?.stop();
  const db = await openDb({ pgliteDir });
  try {
    const { rows } = await db.query<{ answers_sealed: string }>("SELECT answers_sealed FROM claim_requests WHERE id = $1", [claimId]);
    expect(rows[0].answers_sealed).toMatch(/^enc1:/);
    expect(rows[0].answers_sealed).not.toContain("AB12");
    expect(openAnswers(DataKeyring.development(), claimId, rows[0].answers_sealed)).toEqual({
      "vehicle.registration": "AB12 CDE",
      "vehicle.ownership": "sold",
      "address.flat": "4B",
    });
    const claims = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM claims WHERE claim_request_id = $1", [claimId]);
    expect(Number(claims.rows[0].n)).toBe(12);
  } finally {
    await db.close();
  }
});
