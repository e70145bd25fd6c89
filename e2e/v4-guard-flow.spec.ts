import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, affiliatePath, partnerClaimRequest, portalReferences, setPasswordOnConfirmation, uniqueEmail, v3bToConfirmation } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";

async function checkPage(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `v4-${name}`);
}

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 4319}`;

test.describe("v4 affiliate flow", () => {
  test("a partner's link → lender selection → signature → complete (set password) → portal", async ({ page }) => {
    const email = uniqueEmail("farah.affiliate");
    const claimId = await partnerClaimRequest(baseURL, { firstName: "Farah", lastName: "Affiliate", email });

    await page.goto(affiliatePath(claimId));
    await expect(page).toHaveURL(/\/claim\/v4\/lender-selection$/);
    await expect(page.getByRole("heading", { level: 1, name: "Which lenders did you borrow from?" })).toBeVisible();
    // The claim request's data loaded into the form: the credit check's agreements are listed.
    const found = page.getByRole("region", { name: "Agreements found in your credit file" });
    await expect(found).toBeVisible();
    await expect(found.getByText(/We found \d+ financial agreement\(s\) from your credit file/)).toBeVisible();
    await checkPage(page, "1-lender-selection");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/claim\/v4\/signature$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign Your Claim" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    await drawSignature(page);
    await checkPage(page, "2-signature");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/claim\/v4\/complete$/, { timeout: 10_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Your Claim Setup is Complete!" })).toBeVisible();
    // Reloading complete is allowed (the signed-claim check skips this step).
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your Claim Setup is Complete!" })).toBeVisible();
    await page.getByLabel("Create a password").fill(PASSWORD);
    await page.getByLabel("Confirm your password").fill(PASSWORD);
    await checkPage(page, "3-complete");
    await page.getByRole("button", { name: "Set Password & Continue" }).click();
    await expect(page.getByRole("button", { name: "Setting Password..." })).toBeVisible();
    await expect(page).toHaveURL(/\/portal$/, { timeout: 5000 });
    expect((await portalReferences(page)).length).toBeGreaterThan(0);
    await expect(page.getByRole("region", { name: "Your details" }).getByText("Yes")).toBeVisible(); // signed

    // The claim is signed now: the guard sends lender selection to the portal.
    await page.goto("/claim/v4/lender-selection");
    await expect(page).toHaveURL(/\/portal$/);
  });

  test("a used or expired link is refused and signs nobody in", async ({ page }) => {
    const claimId = await partnerClaimRequest(baseURL, { firstName: "Gwen", lastName: "Reused", email: uniqueEmail("gwen.reused") });
    const path = affiliatePath(claimId);
    await page.goto(path);
    await expect(page).toHaveURL(/\/claim\/v4\/lender-selection$/);
    await page.request.post("/api/auth/logout");
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?status=link_invalid$/);
    await expect(page.getByRole("status")).toContainText("This sign-in link has expired or has already been used");
    await checkPage(page, "link-invalid");
    expect((await page.request.get("/api/me")).status()).toBe(401);
    await page.goto(affiliatePath(claimId, { now: Date.now() - 3 * 60 * 60 * 1000, minutes: 60 }));
    await expect(page).toHaveURL(/\/login\?status=link_invalid$/);
  });
});

test.describe("v4 guard branches", () => {
  test("not signed in → /claim", async ({ page }) => {
    const response = await page.goto("/claim/v4/signature");
    await expect(page).toHaveURL(/\/claim\/v3b\/get-started$/);
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/claim$/);
  });

  test("signed in without affiliate_token / claim_request_id → /claim", async ({ page }) => {
    const email = uniqueEmail("ivan.plain");
    await v3bToConfirmation(page, { firstName: "Ivan", lastName: "Plain", email });
    await setPasswordOnConfirmation(page);
    await expect(page).toHaveURL(/\/portal$/);
    await page.goto("/claim/v4/lender-selection");
    await expect(page).toHaveURL(/\/claim\/v3b\/get-started$/);
  });

  test("'Checking access permissions...' while the browser asks; an error reading the claim → /claim", async ({ page }) => {
    const claimId = await partnerClaimRequest(baseURL, { firstName: "Hana", lastName: "Checking", email: uniqueEmail("hana.checking") });
    await page.goto(affiliatePath(claimId));
    await expect(page).toHaveURL(/\/claim\/v4\/lender-selection$/);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/access?*", async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "Checking access permissions..." })).toBeVisible();
    await checkPage(page, "checking-access");
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Which lenders did you borrow from?" })).toBeVisible();

    await page.unroute("**/api/access?*");
    await page.route("**/api/access?*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Something went wrong"}' }));
    await page.reload();
    await expect(page).toHaveURL(/\/claim\/v3b\/get-started$/);
  });

  test("a claim that already has a signature → /portal", async ({ page }) => {
    const claimId = await partnerClaimRequest(baseURL, { firstName: "Jon", lastName: "Signed", email: uniqueEmail("jon.signed") });
    await page.goto(affiliatePath(claimId));
    await expect(page).toHaveURL(/\/claim\/v4\/lender-selection$/);
    await page.getByRole("button", { name: "Continue" }).click();
    await drawSignature(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/claim\/v4\/complete$/, { timeout: 10_000 });
    for (const step of ["lender-selection", "signature"]) {
      await page.goto(`/claim/v4/${step}`);
      await expect(page).toHaveURL(/\/portal$/);
    }
  });
});
