/**
 * The affiliate funnel on a brand whose credit provider asks KBA questions: the partner's claim runs no search
 * until the consumer passes them, so the partner's link opens the KBA step on the brand's own site (Chromium
 * resolves *.localhost to loopback), and the search runs after it; the agreements it finds are then on lender
 * selection. The server's side (the gate, wrong answers) is server/routes/partnerIdentityFlow.integration.test.ts.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { openAffiliateLink, partnerClaim } from "./support/accounts";

const port = process.env.E2E_PORT ?? 4319;

test("a partner link on a KBA brand goes through the KBA questions to the agreements the search found", async ({ page }) => {
  const email = `grace.kba+${Date.now()}@example.com`;
  // The sandbox's true answers: partnerClaim's consumer lives at SW1A 2DX and was born in March 1984.
  const { claimId, link } = await partnerClaim(
    `http://localhost:${port}`,
    { firstName: "Grace", lastName: "Okafor", email },
    { brand_id: "checkmycar-kba" },
  );
  // The link is on the claim's brand's site, whichever host the partner called.
  expect(new URL(link).host).toBe(`kba.localhost:${port}`);
  await openAffiliateLink(page, link);

  await expect(page).toHaveURL(/\/claim\/v4\/verify$/);
  await expect(page.getByRole("heading", { level: 1, name: "Verify your identity" })).toBeVisible();
  await expect(page.getByRole("group")).toHaveCount(3);
  await expectNoAxeViolations(page, "v4 verify");
  await captureBothWidths(page, "v4-0-verify");

  await page.getByRole("radio", { name: "SW1A 2DX" }).check();
  await page.getByRole("radio", { name: "March" }).check();
  await page.getByRole("radio", { name: "1984" }).check();
  await page.getByRole("button", { name: "Verify my identity" }).click();

  // The credit-check step runs the search and moves on by itself.
  await expect(page).toHaveURL(/\/claim\/v4\/lender-selection$/, { timeout: 20_000 });
  // Asked from the page: only the browser resolves the brand's *.localhost hostname.
  const found = await page.evaluate(async (id) => (await (await fetch(`/api/claim-requests/${id}`)).json()).claims as unknown[], claimId);
  expect(found.length).toBeGreaterThan(0);
  await expect(page.getByText(`We found ${found.length} financial agreement(s) from your credit file`)).toBeVisible();
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(found.length);
  await expectNoAxeViolations(page, "v4 lender selection after KBA");
  await captureBothWidths(page, "v4-0b-lender-selection-after-kba");
});
