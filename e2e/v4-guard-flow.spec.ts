import { expect, test, type Page } from "@playwright/test";
import {
  PASSWORD,
  affiliatePath,
  openAffiliateLink,
  partnerClaim,
  partnerClaimRequest,
  portalReferences,
  setPasswordOnConfirmation,
  uniqueEmail,
  v3bToConfirmation,
} from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";

async function checkPage(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `v4-${name}`);
}

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 4319}`;

test.describe("v4 affiliate flow", () => {
  test("partner API → link → continue page → lender selection → signature → complete (set password) → portal", async ({ page }) => {
    const email = uniqueEmail("farah.affiliate");
    const { link } = await partnerClaim(baseURL, { firstName: "Farah", lastName: "Affiliate", email });

    // The link lands on a page that changes nothing until Continue (a mail scanner's visit does not use it up).
    await page.goto(link);
    await expect(page).toHaveURL(/\/affiliate\/continue$/); // the token is taken out of the address bar
    await expect(page.getByRole("heading", { level: 1, name: "Continue your claim" })).toBeVisible();
    await checkPage(page, "0-continue");
    await page.getByRole("button", { name: "Continue to my claim" }).click();

    await expect(page).toHaveURL(/\/claim\/v4\/lender-selection$/);
    await expect(page.getByRole("heading", { level: 1, name: "Which lenders did you borrow from?" })).toBeVisible();
    // The claim request's data loaded into the form: the partner's credit search found agreements.
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
    await expect(page.getByRole("heading", { level: 2, name: "Set a password for your account" })).toBeVisible();
    // Reloading complete is allowed (the signed-claim check skips this step).
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your Claim Setup is Complete!" })).toBeVisible();
    // A common password is refused in plain words.
    await page.getByLabel("Create a password").fill("password123");
    await page.getByLabel("Confirm your password").fill("password123");
    await page.getByRole("button", { name: "Set Password & Continue" }).click();
    await expect(page.getByRole("alert")).toContainText("one of the most commonly used passwords");
    await page.getByLabel("Create a password").fill(PASSWORD);
    await page.getByLabel("Confirm your password").fill(PASSWORD);
    await checkPage(page, "3-complete");
    await page.getByRole("button", { name: "Set Password & Continue" }).click();
    await expect(page).toHaveURL(/\/portal$/, { timeout: 10_000 });
    expect((await portalReferences(page)).length).toBeGreaterThan(0);
    await expect(page.getByRole("region", { name: "Your details" }).getByText("Yes")).toBeVisible(); // signed
    await expect(page.getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
    await checkPage(page, "4-portal");

    // The claim is signed now: the guard sends lender selection to the portal.
    await page.goto("/claim/v4/lender-selection");
    await expect(page).toHaveURL(/\/portal$/);
    // Sign out everywhere ends this session too.
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/login\?status=signed_out_everywhere$/);
    await expect(page.getByRole("status")).toContainText("You have been signed out on every device.");
    expect((await page.request.get("/api/me")).status()).toBe(401);
  });

  test("a consumer who already has a password is asked to sign in, finishes the claim and ends in the portal", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("ines.existing");
    // Their account from an earlier claim, with the email confirmed by its mailed link.
    const earlier = await browser.newContext({ baseURL });
    const api = earlier.request;
    const person = { title: "Ms", firstName: "Ines", lastName: "Existing", dateOfBirth: "1984-03-17" };
    const data = {
      hadFinance: "yes",
      address: { buildingName: "", houseNumber: "10", street: "Downing Close", city: "London", county: "", postcode: "SW1A 2DX" },
      personalDetails: person,
      contactDetails: { email, phoneNumber: "07700900123", isTermsPolicyAgreed: true },
    };
    const created = await (await api.post("/api/claim-requests", { data: { version: "v3b", step: "personal-details", data } })).json();
    await api.post("/api/claim-requests", {
      data: { version: "v3b", step: "signature", claim_request_id: created.id, data: { ...data, signature: "typed:Ines Existing" } },
    });
    // Account setup as the funnel does it: a code mailed to the email first, then the account with it.
    expect((await api.post("/api/account/setup", { data: { claim_request_id: created.id, password: PASSWORD } })).status()).toBe(202);
    const mails = (await (await api.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()).mails as { subject: string }[];
    const code = mails.map((m) => /code: (\d{6})$/.exec(m.subject)?.[1]).find(Boolean);
    expect((await api.post("/api/account/setup", { data: { claim_request_id: created.id, password: PASSWORD, code } })).status()).toBe(201);
    await earlier.close();

    const { link } = await partnerClaim(baseURL, { firstName: "Ines", lastName: "Existing", email });
    await openAffiliateLink(page, link);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fclaim%2Fv4%2Flender-selection&status=existing_user$/);
    await expect(page.getByRole("status")).toContainText("You already have an account with this email address");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL(/\/claim\/v4\/lender-selection$/, { timeout: 10_000 });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/claim\/v4\/signature$/);
    await drawSignature(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/claim\/v4\/complete$/, { timeout: 10_000 });
    // Nothing to set: not stuck on a password form.
    await expect(page.getByRole("status").filter({ hasText: "Your account already has a password" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Set a password for your account" })).toHaveCount(0);
    await checkPage(page, "3-complete-has-password");
    await page.getByRole("button", { name: "Go to my claims" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    // Both claims are in the one account.
    await expect(page.getByRole("region", { name: "Your details" })).toBeVisible();
    expect(((await (await page.request.get("/api/portal/claims")).json()).claimRequests as unknown[]).length).toBe(2);
  });

  test("a used or expired link is refused and signs nobody in", async ({ page }) => {
    const claimId = await partnerClaimRequest(baseURL, { firstName: "Gwen", lastName: "Reused", email: uniqueEmail("gwen.reused") });
    const path = affiliatePath(claimId);
    await openAffiliateLink(page, path);
    await expect(page).toHaveURL(/\/claim\/v4\/lender-selection$/);
    await page.request.post("/api/auth/logout");
    await openAffiliateLink(page, path);
    await expect(page).toHaveURL(/\/login\?status=link_invalid$/);
    await expect(page.getByRole("status")).toContainText("This sign-in link has expired or has already been used");
    await checkPage(page, "link-invalid");
    expect((await page.request.get("/api/me")).status()).toBe(401);
    await openAffiliateLink(page, affiliatePath(claimId, { now: Date.now() - 3 * 60 * 60 * 1000, minutes: 60 }));
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
    await setPasswordOnConfirmation(page, email);
    await expect(page).toHaveURL(/\/portal$/);
    await page.goto("/claim/v4/lender-selection");
    await expect(page).toHaveURL(/\/claim\/v3b\/get-started$/);
  });

  test("'Checking access permissions...' while the browser asks; an error reading the claim → /claim", async ({ page }) => {
    const claimId = await partnerClaimRequest(baseURL, { firstName: "Hana", lastName: "Checking", email: uniqueEmail("hana.checking") });
    await openAffiliateLink(page, affiliatePath(claimId));
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
    await page.route("**/api/access?*", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Something went wrong"}' }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/claim\/v3b\/get-started$/);
  });

  test("a claim that already has a signature → /portal", async ({ page }) => {
    const claimId = await partnerClaimRequest(baseURL, { firstName: "Jon", lastName: "Signed", email: uniqueEmail("jon.signed") });
    await openAffiliateLink(page, affiliatePath(claimId));
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
