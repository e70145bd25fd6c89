import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, portalReferences, resetLinkFor, setPasswordOnConfirmation, uniqueEmail, v3bToConfirmation } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";

async function checkPage(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `accounts-${name}`);
}

/** Signs in on this device (the account's email was proven by the code at account setup, so no link is needed). */
async function confirmEmail(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/portal$/);
}

/**
 * Signs out with the page away from the portal: signed out under it, the portal's own requests (its claims, asked
 * for once it opens) would send it to /login while the test's next page is loading.
 */
async function leaveAndSignOut(page: Page) {
  await page.goto("about:blank");
  await page.request.post("/api/auth/logout");
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("accounts and the claims portal", () => {
  test("funnel → confirmation → password → portal; sign out and in again shows the same claims", async ({ page }) => {
    const email = uniqueEmail("nadia.portal");
    await v3bToConfirmation(page, { firstName: "Nadia", lastName: "Portal", email });
    await setPasswordOnConfirmation(page, email);

    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your claims" })).toBeVisible();
    const references = await portalReferences(page);
    expect(references.length).toBeGreaterThan(0);
    const card = page.getByRole("list", { name: "Your claims" }).getByRole("listitem").first();
    await expect(card.locator("dt:text-is('Start date') + dd")).toHaveText(/^(\d{2} [A-Z][a-z]{2} \d{4}|Unknown date)$/);
    // No amount is known yet, and the portal never shows £0.
    await expect(card.locator("dt:text-is('Amount')")).toHaveCount(0);
    await expect(card.locator("dt:text-is('Found by') + dd")).toHaveText(/Credit check|Added by you/);
    // The claim request's details, contact details masked.
    const details = page.getByRole("region", { name: "Your details" });
    await expect(details.getByText("Ms Nadia Portal")).toBeVisible();
    await expect(details.getByText("14 Harbour Row, Whitby, YO21 3PU")).toBeVisible();
    await expect(details.getByText(/^na•••@example\.com$/)).toBeVisible();
    await expect(details.getByText("07••• •••123")).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    await checkPage(page, "portal");

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?status=signed_out$/);
    await expect(page.getByRole("status")).toHaveText("You have signed out.");
    expect((await page.request.get("/api/portal/claims")).status()).toBe(401);
    await page.goto("/portal");
    // Sent to sign in with the reason, as a known status key (its copy is in the site content).
    await expect(page).toHaveURL(/\/login\?redirect=\/portal&status=sign_in_required$/);
    await expect(page.getByRole("status")).toHaveText("Please sign in to see your claims.");

    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await expect(page.getByText("Please enter your password")).toBeVisible();
    await checkPage(page, "login-errors");
    await signIn(page, email, "not my password");
    await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect");
    // The code at account setup proved the email, so signing in again (like another device) just works.
    await signIn(page, email);
    await expect(page).toHaveURL(/\/portal$/);
    expect(await portalReferences(page)).toEqual(references);
  });

  test("an existing email is asked to sign in (setup answers as for any email), and the new claim joins that account", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("owen.existing");
    // The account, made in another browser, its email confirmed.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await v3bToConfirmation(other, { firstName: "Owen", lastName: "Existing", email });
    await setPasswordOnConfirmation(other, email);
    await expect(other).toHaveURL(/\/portal$/);
    const firstRefs = await portalReferences(other);
    await other.request.post("/api/auth/logout");
    await confirmEmail(other, email);
    await otherContext.close();

    await v3bToConfirmation(page, { firstName: "Owen", lastName: "Existing", email });
    await setPasswordOnConfirmation(page, email, "any password at all");
    // Only once the code proved the mailbox is the existing account said: the spec's sign-in, with its copy.
    await expect(page).toHaveURL(/\/login\?redirect=\/portal&status=existing_user$/);
    await expect(page.getByRole("status")).toHaveText(
      "You already have an account with this email address. Sign in to add this claim to it.",
    );
    await checkPage(page, "login-existing-user");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/portal$/);
    const refs = await portalReferences(page);
    expect(refs.length).toBeGreaterThan(firstRefs.length);
    for (const ref of firstRefs) expect(refs).toContain(ref);
    await expect(
      page
        .getByRole("region", { name: "Your details" })
        .getByRole("definition")
        .filter({ hasText: /^[A-Z]{2,3}-[A-Z0-9]{8}$/ }),
    ).toHaveCount(2);
  });

  test("forgotten password, end to end: the link works once and other sessions end", async ({ page, browser }) => {
    const email = uniqueEmail("priya.reset");
    await v3bToConfirmation(page, { firstName: "Priya", lastName: "Reset", email });
    await setPasswordOnConfirmation(page, email);
    await expect(page).toHaveURL(/\/portal$/);
    const refs = await portalReferences(page);

    const deviceContext = await browser.newContext();
    const otherDevice = await deviceContext.newPage();
    await confirmEmail(otherDevice, email);

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("link", { name: "Forgotten your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await checkPage(page, "forgot-password");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for that email address");
    await checkPage(page, "forgot-password-sent");

    const link = await resetLinkFor(page, email);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/); // the token is taken out of the address bar
    const save = page.getByRole("button", { name: "Save new password" });
    await expect(save).toBeDisabled();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm your new password").fill("shorter");
    await page.getByLabel("Confirm your new password").blur();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await checkPage(page, "reset-password-errors");
    await page.getByLabel("New password", { exact: true }).fill("a fresh passphrase");
    await page.getByLabel("Confirm your new password").fill("a fresh passphrase");
    await save.click();
    await expect(page).toHaveURL(/\/portal$/);
    expect(await portalReferences(page)).toEqual(refs);

    // The other device was signed out; the old password no longer works; the link is spent.
    await otherDevice.reload();
    await expect(otherDevice).toHaveURL(/\/login\?redirect=\/portal&status=sign_in_required/);
    await signIn(otherDevice, email);
    await expect(otherDevice.getByRole("alert")).toHaveText("Email or password is incorrect");
    await signIn(otherDevice, email, "a fresh passphrase");
    await expect(otherDevice).toHaveURL(/\/portal$/);
    await otherDevice.goto(link);
    await expect(otherDevice.getByRole("alert")).toContainText("This password reset link has expired or has already been used");
    await checkPage(otherDevice, "reset-password-spent");
    await deviceContext.close();
  });

  test("sign-in never leaves the site, and ?message is shown as plain text", async ({ page }) => {
    const email = uniqueEmail("leo.redirect");
    await v3bToConfirmation(page, { firstName: "Leo", lastName: "Redirect", email });
    await setPasswordOnConfirmation(page, email);
    await expect(page).toHaveURL(/\/portal$/);
    await leaveAndSignOut(page);
    await confirmEmail(page, email);
    await leaveAndSignOut(page);

    for (const target of ["https://elsewhere.example", "//elsewhere.example", "/\\elsewhere.example"]) {
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await signIn(page, email);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/portal$/);
      await leaveAndSignOut(page);
    }
    // A link's own words never reach the sign-in page (a phishing aid): only known status keys show, with their copy.
    await page.goto(`/login?message=${encodeURIComponent("<img src=x onerror=alert(1)><b>Your account is locked</b>")}&status=locked`);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText("Your account is locked");
    await expect(page.locator("main img, main b")).toHaveCount(0);
    await checkPage(page, "login-message");
  });
});
