import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { affiliatePath, openAffiliateLink, partnerClaimRequest } from "./support/accounts";
import { drawSignature } from "./support/signature";

async function checkStep(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `v4-${name}`);
}

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 4319}`;

/** A partner's claim request with a credit check already run, entered through the partner's signed link. */
async function affiliateClaim(page: Page, email: string) {
  const id = await partnerClaimRequest(baseURL, { firstName: "Grace", lastName: "Okafor", email });
  await openAffiliateLink(page, affiliatePath(id));
  await expect(page).toHaveURL(/\/claim\/v4\/lender-selection$/);
  const record = await (await page.request.get(`/api/claim-requests/${id}`)).json();
  return { id, claim_reference: record.claim_reference as string, found: record.claims as unknown[] };
}

test.describe("v4 screens", () => {
  test("lender selection from the claim request, signature, and the completed setup with a password", async ({ page }) => {
    const email = `grace.okafor+${Date.now()}@example.com`;
    const claim = await affiliateClaim(page, email);
    await expect(page.getByRole("heading", { level: 1, name: "Which lenders did you borrow from?" })).toBeVisible();
    await expect(page.getByText(`We found ${claim.found.length} financial agreement(s) from your credit file`)).toBeVisible();
    const rows = page.getByRole("table").locator("tbody tr");
    await expect(rows).toHaveCount(claim.found.length);
    await expect(rows.first().locator("td").nth(1)).toHaveText(/^(\d{2} [A-Z][a-z]{2} \d{4}|Unknown date)$/);
    await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
    const next = page.getByRole("button", { name: "Continue" });
    await expect(next).toBeEnabled(); // step 1 is never blocked
    await checkStep(page, "1-lender-selection");

    await page.getByRole("button", { name: "Add other agreements" }).click();
    await expect(page.getByRole("searchbox", { name: "Search for a lender" })).toBeFocused();
    // Any lender the credit file did not already show.
    await page.getByRole("list", { name: "Lenders" }).getByRole("button").first().click();
    await expect(page.getByRole("heading", { name: /Lenders you had car finance with \(1 of 10\)/ })).toBeVisible();
    await checkStep(page, "1b-lender-selection-other");
    await next.click();

    await expect(page).toHaveURL(/\/claim\/v4\/signature$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign Your Claim" })).toBeVisible();
    await expect(next).toBeDisabled();
    await drawSignature(page);
    await expect(next).toBeEnabled();
    await checkStep(page, "2-signature");
    await next.click();

    await expect(page).toHaveURL(/\/claim\/v4\/complete$/, { timeout: 10000 });
    await expect(page.getByRole("heading", { level: 1, name: "Your Claim Setup is Complete!" })).toBeVisible();
    await expect(
      page.getByText(`Your claim reference is ${claim.claim_reference}. Total claims: ${claim.found.length + 1}.`),
    ).toBeVisible();
    for (const benefit of ["Track the progress", "instant updates", "Manage your documents", "Contact our team"]) {
      await expect(page.getByRole("listitem").filter({ hasText: benefit })).toBeVisible();
    }
    const setPassword = page.getByRole("button", { name: "Set Password & Continue" });
    await expect(setPassword).toBeDisabled();
    await page.getByLabel("Create a password").fill("correct horse battery");
    await page.getByLabel("Confirm your password").fill("correct horse battery");
    await checkStep(page, "3-complete");

    const record = await (await page.request.get(`/api/claim-requests/${claim.id}`)).json();
    expect(record.signature).toMatch(/^data:image\/png;base64,/);
    expect(record.claims).toHaveLength(claim.found.length + 1);

    await setPassword.click();
    await expect(page).toHaveURL(/\/portal$/);
  });

  test("Back from the first step goes to the portal; an unknown step is not found", async ({ page }) => {
    await affiliateClaim(page, `hana.back+${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    const response = await page.goto("/claim/v4/address");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
