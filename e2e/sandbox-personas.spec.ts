/**
 * The sandbox personas not walked elsewhere, end to end in the v3b funnel
 * (server/providers/README.md, "Sandbox test inputs"): credit surnames
 * Nomatch, Partial and Timeout, and the address search `SLOW Downing`.
 * Timeout relies on CREDIT_TIMEOUT_MS in playwright.config.ts (1500 ms).
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { drawSignature } from "./support/signature";

const PROGRESS_KEY = "claim-progress:fairdrive:v3b";
const FOUND = "Agreements found in your credit file";

/** The stored form data (what a reload resumes from). */
async function stored(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? "{}"), PROGRESS_KEY);
}

/** get-started, address, personal details and signature of v3b (e2e/support/v3Details.ts covers v3c/v3d only); returns once the credit check has started. */
async function detailsUpToCreditCheck(page: Page, lastName: string) {
  const next = page.getByRole("button", { name: "Next Step" });
  await page.goto("/claim/v3b/get-started");
  await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();

  await expect(page).toHaveURL(/\/claim\/v3b\/address$/);
  await page.getByRole("combobox", { name: "Search for your address" }).fill("10 Dow");
  await page.getByRole("option").first().click();
  await expect(page.getByRole("button", { name: "Search again" })).toBeVisible();
  await next.click();

  await expect(page).toHaveURL(/\/claim\/v3b\/personal-details$/);
  await page.getByLabel("Title").selectOption("Mr");
  await page.getByLabel("First name").fill("Owen");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Date of birth").fill("02091982");
  await page.getByLabel("Email address").fill(`owen.${lastName.toLowerCase()}+${Date.now()}@example.com`);
  await page.getByLabel("Mobile number").fill("07700 900321");
  await expect(next).toBeEnabled();
  await next.click();

  await expect(page).toHaveURL(/\/claim\/v3b\/signature$/, { timeout: 10000 });
  await drawSignature(page);
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/claim\/v3b\/(credit-check|select-claims)$/);
}

async function atSelectClaims(page: Page) {
  await expect(page).toHaveURL(/\/claim\/v3b\/select-claims$/, { timeout: 20000 });
  await expect(page.getByRole("heading", { level: 1, name: "Select Additional Claims" })).toBeVisible();
}

test.describe("sandbox personas in the v3b funnel", () => {
  test("Nomatch: no agreements found, and with no lender added the confirmation says it will still check manually", async ({ page }) => {
    await detailsUpToCreditCheck(page, "Nomatch");
    await atSelectClaims(page);
    await expect(page.getByRole("region", { name: FOUND })).toHaveCount(0);
    await expect.poll(() => stored(page)).toMatchObject({ creditCheckStatus: "success", claimsFound: 0 });
    await expectNoAxeViolations(page, "Nomatch select-claims");
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page).toHaveURL(/\/claim\/v3b\/confirmation$/);
    await expect(page.getByText("We didn't find any claims matching your information, but we'll still check manually")).toBeVisible();
    await expectNoAxeViolations(page, "Nomatch confirmation");
  });

  test("Partial: the one agreement found is listed; select-claims then records a success with the count", async ({ page }) => {
    await detailsUpToCreditCheck(page, "Partial");
    await atSelectClaims(page);
    const found = page.getByRole("region", { name: FOUND });
    await expect(found.locator("tbody tr")).toHaveCount(1);
    // The run's own outcome, kept in the browser's progress copy until select-claims moves on.
    await expect.poll(async () => (await stored(page)).creditCheckStatus).toBe("partial");
    await expect.poll(() => stored(page)).toMatchObject({ claimsFound: 1, creditCheckId: expect.any(String) });
    await expectNoAxeViolations(page, "Partial select-claims");
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page).toHaveURL(/\/claim\/v3b\/confirmation$/);
    await expect(page.getByText("We have found 1 valid claim(s)")).toBeVisible();
    await expect.poll(async () => (await stored(page)).creditCheckStatus).toBe("success");
    await expect.poll(() => stored(page)).toMatchObject({ claimsFound: 1 });
    await expectNoAxeViolations(page, "Partial confirmation");
  });

  test("Timeout: the bureau never answers, the server's timeout fires and the funnel moves on with no agreements", async ({ page }) => {
    await detailsUpToCreditCheck(page, "Timeout");
    await atSelectClaims(page);
    await expect(page.getByRole("region", { name: FOUND })).toHaveCount(0);
    await expect
      .poll(() => stored(page))
      .toMatchObject({
        creditCheckStatus: "error",
        creditCheckError: "We couldn't process your credit report. Please try again.",
        claimsFound: 0,
      });
    await expectNoAxeViolations(page, "Timeout select-claims");
  });

  test("SLOW Downing: the address search shows it is working for about 3 seconds, then the results", async ({ page }) => {
    await page.goto("/claim/v3b/address");
    const search = page.getByRole("combobox", { name: "Search for your address" });
    const started = Date.now();
    await search.fill("SLOW Downing");
    const spinner = page.locator(".addressLookup__inputSpinner");
    await expect(spinner).toBeVisible({ timeout: 2000 });
    await expect(page.getByRole("option")).toHaveCount(0);
    // Screen readers hear it too: the polite live region says so while the request is out.
    await expect(page.getByRole("status").filter({ hasText: "Searching for addresses…" })).toBeAttached({ timeout: 3000 });
    await expectNoAxeViolations(page, "address search waiting");

    await expect(page.getByRole("option").first()).toBeVisible({ timeout: 8000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    await expect(spinner).toBeHidden();
    await expect(page.getByRole("option").first()).toContainText("Downing");
    await expectNoAxeViolations(page, "address search results after waiting");
  });
});
