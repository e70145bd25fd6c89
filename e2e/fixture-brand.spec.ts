/**
 * What a brand gets from the shared content when it leaves a setting out, walked on a test-only brand
 * (e2e/fixtures/definitions/brands/plainroad.json) that no shipped definition is changed for:
 * the spec's £4,000 fallback average claim without `averageClaim`, and the affiliate continue page's
 * copy from content/site.json with the brand's own overrides.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { startDefinitionsServer, type DefinitionsServer } from "./support/definitionsServer";
import { captureBothWidths } from "./support/screens";

let server: DefinitionsServer;
const at = (host: string, path: string) => `http://${host}:${server.port}${path}`;

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startDefinitionsServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test("a brand without averageClaim shows the spec's fallback average claim of £4,000", async ({ page }) => {
  await page.goto(at("plainroad.localhost", "/"));
  await expect(page).toHaveTitle("PlainRoad Claims");
  await expect(page.locator(".average-claim__figure")).toHaveText("£4,000*");

  await page.goto(at("plainroad.localhost", "/claim/v3b/get-started"));
  await expect(page.locator(".average-claim__figure")).toHaveText("£4,000*");
  await expectNoAxeViolations(page, "get-started, fallback average claim");
  await captureBothWidths(page, "fixture-brand-average-claim-fallback");

  // v3d's banner: 'Average Refund of £{average}**'.
  await page.goto(at("plainroad.localhost", "/claim/v3d/personal-details"));
  await expect(page.getByText("Average Refund of £4,000**")).toBeVisible();

  // A brand that gives its own figure keeps it.
  await page.goto(at("localhost", "/claim/v3b/get-started"));
  await expect(page.locator(".average-claim__figure")).toHaveText("£950*");
});

test("the affiliate continue page's copy comes from the shared content, with the brand's overrides", async ({ page }) => {
  await page.goto(at("localhost", "/affiliate/continue?token=not-a-real-token"));
  await expect(page).toHaveTitle("Continue your claim – FairDrive Claims");
  await expect(page.getByRole("heading", { level: 1, name: "Continue your claim" })).toBeVisible();
  await expect(
    page.getByText("FairDrive Claims has started a claim for you. Continue to check the lenders we found and sign your claim."),
  ).toBeVisible();

  await page.goto(at("plainroad.localhost", "/affiliate/continue?token=not-a-real-token"));
  await expect(page.getByRole("heading", { level: 1, name: "Pick up your PlainRoad claim" })).toBeVisible();
  await expect(page.getByText("Your partner passed your details to PlainRoad Claims. Check the lenders and sign.")).toBeVisible();
  // Keys the brand leaves out come from the shared content, errors included.
  await expect(page).toHaveTitle("Continue your claim – PlainRoad Claims");
  // No answer from the server (a network failure): the page's error message.
  await page.route("**/api/affiliate/enter", (route) => route.abort());
  await page.getByRole("button", { name: "Continue to my claim" }).click();
  await expect(page.getByRole("alert")).toHaveText("We couldn't open your claim just now. Please try again.");
  await expectNoAxeViolations(page, "affiliate continue, brand overrides");
  await captureBothWidths(page, "fixture-brand-affiliate-continue");
});
