import { expect, test, type Page } from "@playwright/test";
import { enterSubmittingCode } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";

const FOOTER_NOTE = "Trusted by Thousands | 100% Secure | No Win, No Fee*";
const INVALID_DOB = "Please enter a valid date of birth (must be 18-100 years old)";

async function checkStep(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `v1-${name}`);
}

/** The browser's saved progress for the v1 funnel (default brand). */
async function progress(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("claim-progress:fairdrive:v1") ?? "{}"));
}

const continueButton = (page: Page) => page.getByRole("button", { name: "Continue", exact: true });

/** Fills steps 1-4 with valid answers and arrives on contact-details. */
async function reachContactDetails(page: Page) {
  await page.goto("/claim/v1/introduction");
  await page.getByRole("radio", { name: "Yes" }).check();
  await continueButton(page).click();
  await page.getByLabel("Title").selectOption("Mr");
  await page.getByLabel("First name").fill("Rhys");
  await page.getByLabel("Last name").fill("Morgan");
  await continueButton(page).click();
  await page.getByRole("button", { name: "Enter my address manually" }).click();
  await page.getByLabel("Street").fill("Harbour Row");
  await page.getByLabel("Postcode").fill("YO21 3PU");
  await continueButton(page).click();
  await page.getByLabel("Date of birth").fill("02021979");
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/claim\/v1\/contact-details$/);
}

test.describe("v1 funnel, end to end", () => {
  test("a visitor answers every step, signs, picks a lender, is searched for claims and sets a password", async ({ page }) => {
    const email = `amira.khan+v1${Date.now()}@example.com`;
    const next = continueButton(page);

    // 1. Introduction: the question, six benefit cards, the regulatory card and v1's footer.
    await page.goto("/claim/v1/introduction");
    await expect(page.getByRole("heading", { level: 1, name: "Have you had a vehicle on finance?" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 1 of 8");
    await expect(page.locator(".benefitCards__card")).toHaveCount(6);
    const regulatory = page.getByRole("region", { name: "Important information" });
    await expect(regulatory).toContainText("Financial Ombudsman Service");
    await expect(regulatory).toContainText("28 January 2021");
    await expect(regulatory).toContainText("Leases and rentals are not eligible");
    await expect(page.getByText(FOOTER_NOTE, { exact: true })).toBeVisible();
    await expect(next).toBeDisabled();
    await checkStep(page, "1-introduction");
    await page.getByRole("radio", { name: "No" }).check();
    await expect(page.getByRole("region", { name: "Not sure?" })).toBeVisible();
    await expect(next).toBeEnabled();
    await checkStep(page, "1b-introduction-no");
    await page.getByRole("radio", { name: "Yes" }).check();
    await expect(page.getByRole("region", { name: "Not sure?" })).toBeHidden();
    await next.click();

    // 2. Personal details: v1's titles; Continue waits for title, first and last name.
    await expect(page).toHaveURL(/\/claim\/v1\/personal-details$/);
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 2 of 8");
    await expect(next).toBeDisabled();
    const titles = await page.getByLabel("Title").locator("option").allTextContents();
    expect(titles).toEqual(["Select", "Mr", "Mrs", "Miss", "Ms", "Dr"]);
    await page.getByLabel("Title").selectOption("Ms");
    await expect(next).toBeDisabled();
    await page.getByLabel("First name").fill("Amira");
    await expect(next).toBeDisabled();
    await page.getByLabel("Last name").fill("Khan");
    await expect(next).toBeEnabled();
    await checkStep(page, "2-personal-details");
    await next.click();

    // 3. Address: Continue waits for a postcode and a street.
    await expect(page).toHaveURL(/\/claim\/v1\/address$/);
    await expect(next).toBeDisabled();
    await checkStep(page, "3-address");
    await page.getByRole("combobox", { name: "Search for your address" }).fill("SW1A 2");
    const firstResult = page.getByRole("option").first();
    await expect(firstResult).toBeVisible({ timeout: 5000 });
    await firstResult.click();
    await expect(page.getByRole("button", { name: "Search again" })).toBeVisible();
    await expect(next).toBeEnabled();
    await next.click();

    // 4. Date of birth, its own step.
    await expect(page).toHaveURL(/\/claim\/v1\/date-of-birth$/);
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 4 of 8");
    await expect(next).toBeDisabled();
    await page.getByLabel("Date of birth").fill("14031985");
    await expect(page.getByLabel("Date of birth")).toHaveValue("14 / 03 / 1985");
    await expect(next).toBeEnabled();
    await checkStep(page, "4-date-of-birth");
    await next.click();

    // 5. Contact details: Continue waits for email, phone and the terms.
    await expect(page).toHaveURL(/\/claim\/v1\/contact-details$/);
    await expect(next).toBeDisabled();
    await page.getByLabel("Email address").fill(email);
    await expect(next).toBeDisabled();
    await page.getByLabel("Mobile number").fill("7700 900123");
    await expect(next).toBeDisabled();
    await page.getByRole("checkbox", { name: /I have read and agree to the/ }).check();
    await expect(next).toBeEnabled();
    await checkStep(page, "5-contact-details");
    await next.click();
    await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();

    // Leaving contact-details created the claim request and synced the CRM client once.
    await expect(page).toHaveURL(/\/claim\/v1\/signature$/, { timeout: 10000 });
    // The progress copy is written when the browser is next idle (within a second of the step change).
    await expect.poll(async () => (await progress(page)).crm_client_uuid).toEqual(expect.any(String));
    const afterContact = await progress(page);
    expect(afterContact.claim_request_id).toEqual(expect.any(String));
    expect(afterContact.crm_client_uuid).toEqual(expect.any(String));
    expect(afterContact.hooksDone).toContain("contact-details:next:2:crmSync");
    const claimId = afterContact.claim_request_id as string;
    const stored = await (await page.request.get(`/api/claim-requests/${claimId}`)).json();
    expect(stored).toMatchObject({
      title: "Ms",
      first_name: "Amira",
      last_name: "Khan",
      email,
      phone_number: "07700900123",
      date_of_birth: "1985-03-14",
      crm_client_uuid: afterContact.crm_client_uuid,
      signature: null,
    });
    expect(stored.address.postcode).toBe("SW1A 2DX");

    // 6. Signature.
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 6 of 8");
    await expect(next).toBeDisabled();
    await drawSignature(page);
    await expect(next).toBeEnabled();
    await checkStep(page, "6-signature");
    await next.click();

    // 7. Lender selection: choose one lender; leaving saves it as a manual claim.
    await expect(page).toHaveURL(/\/claim\/v1\/lender-selection$/, { timeout: 10000 });
    const signed = await (await page.request.get(`/api/claim-requests/${claimId}`)).json();
    expect(signed.signature).toMatch(/^data:image\/png;base64,/);
    await page.getByRole("searchbox", { name: "Search for a lender" }).fill("moneybarn");
    await page.getByRole("button", { name: "Add Moneybarn" }).click();
    await expect(page.getByRole("heading", { name: /Lenders you had car finance with \(1 of 10\)/ })).toBeVisible();
    await checkStep(page, "7-lender-selection");
    await page.getByRole("button", { name: "Submit" }).click();

    // 8. Submitting: the credit search runs, then the account is created with a password.
    await expect(page).toHaveURL(/\/claim\/v1\/submitting$/);
    await expect(page.getByRole("heading", { level: 1, name: "Finding your claims" })).toBeVisible();
    await expect(page.getByText("Searching your credit file for claims", { exact: true })).toBeVisible();
    await expect(page.getByText("Creating your account", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
    // Before the account, the code mailed to the email proves it is the visitor's.
    await enterSubmittingCode(page, email);
    await expect(page.getByRole("heading", { level: 1, name: "Complete Your Account" })).toBeVisible({ timeout: 20000 });
    await expect(page.getByRole("heading", { level: 1, name: "Finding your claims" })).toHaveCount(0);
    await expect(page.getByLabel("Create a password")).toBeVisible();
    await expect(page.getByText(/We have found \d+ valid claim\(s\)/)).toBeVisible();
    await page.getByLabel("Create a password").fill("correct horse battery");
    await page.getByLabel("Confirm your password").fill("correct horse battery");
    await checkStep(page, "8-submitting-complete");
    await page.getByRole("button", { name: "Create my account" }).click();

    // Done: the portal lists the claims, read back through the signed-in API.
    await expect(page).toHaveURL(/\/portal$/, { timeout: 10000 });
    await expect(page.getByRole("heading", { level: 1, name: "Your claims" })).toBeVisible();
    await checkStep(page, "9-portal");
    const portal = await page.request.get("/api/portal/claims");
    expect(portal.ok()).toBe(true);
    const { claimRequests } = await portal.json();
    expect(claimRequests).toHaveLength(1);
    expect(claimRequests[0].id).toBe(claimId);
    const sources = claimRequests[0].claims.map((c: { source: string }) => c.source);
    expect(sources).toContain("manual");
    expect(sources).toContain("credit-check");
    expect(claimRequests[0].claims.map((c: { lender_name: string }) => c.lender_name)).toContain("Moneybarn");
    await expect(page.getByRole("list", { name: "Your claims" }).getByRole("listitem")).toHaveCount(claimRequests[0].claims.length);
  });

  test("Back from the first step goes to the home page", async ({ page }) => {
    await page.goto("/claim/v1/introduction");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test("an invalid v1 step redirects to the introduction, keeping the query string", async ({ page }) => {
    await page.goto("/claim/v1/no-such-step?utm_source=v1test");
    await expect(page).toHaveURL(/\/claim\/v1\/introduction\?utm_source=v1test$/);
    await expect(page.getByRole("heading", { level: 1, name: "Have you had a vehicle on finance?" })).toBeVisible();
  });
});

test.describe("v1 validation messages", () => {
  test("names, date of birth", async ({ page }) => {
    await page.goto("/claim/v1/introduction");
    await page.getByRole("radio", { name: "Yes" }).check();
    await continueButton(page).click();
    for (const [label, message] of [
      ["First name", "Please enter your first name"],
      ["Last name", "Please enter your last name"],
    ] as const) {
      await page.getByLabel(label).fill("x");
      await page.getByLabel(label).fill("");
      await page.getByLabel(label).press("Tab");
      await expect(page.getByText(message)).toBeVisible();
    }
    await checkStep(page, "2b-personal-details-errors");
    await page.getByLabel("Title").selectOption("Dr");
    await page.getByLabel("First name").fill("Rhys");
    await page.getByLabel("Last name").fill("Morgan");
    await expect(page.getByText("Please enter your first name")).toBeHidden();
    await continueButton(page).click();
    await page.getByRole("button", { name: "Enter my address manually" }).click();
    await page.getByLabel("Street").fill("Harbour Row");
    await page.getByLabel("Postcode").fill("YO21 3PU");
    await continueButton(page).click();

    const dob = page.getByLabel("Date of birth");
    await dob.fill("1");
    await dob.fill("");
    await dob.press("Tab");
    await expect(page.getByText("Please enter your date of birth")).toBeVisible();
    const teenager = new Date();
    teenager.setFullYear(teenager.getFullYear() - 17);
    const dd = String(teenager.getDate()).padStart(2, "0");
    const mm = String(teenager.getMonth() + 1).padStart(2, "0");
    await dob.fill(`${dd}${mm}${teenager.getFullYear()}`);
    await continueButton(page).click();
    await expect(page.getByText(INVALID_DOB).first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below to continue" })).toBeFocused();
    await expect(page).toHaveURL(/\/claim\/v1\/date-of-birth$/);
    await checkStep(page, "4b-date-of-birth-error");
    await dob.fill("31021990");
    await dob.press("Tab");
    await expect(page.getByText(INVALID_DOB).first()).toBeVisible();
  });

  test("email, phone and terms, in the spec's order", async ({ page }) => {
    await reachContactDetails(page);
    const emailInput = page.getByLabel("Email address");
    const emailError = page.locator("#field-contactDetails-email-error");
    await emailInput.fill("x");
    await emailInput.fill("");
    await emailInput.press("Tab");
    await expect(emailError).toHaveText("Error: Email is required");
    for (const [value, message] of [
      ["amira.example.com", "Email must contain an @ symbol"],
      ["amira@@example.com", "Please enter a valid email address"],
      ["@example.com", "Email username cannot be empty"],
      ["amira@example", "Email must include a domain extension (like .com)"],
      ["amira@example.c", "Email must have a valid domain extension"],
    ] as const) {
      await emailInput.fill(value);
      await emailInput.press("Tab");
      await expect(emailError, value).toHaveText(`Error: ${message}`);
    }
    await emailInput.fill("amira@example.com");
    await expect(emailError).toHaveCount(0);

    const phoneInput = page.getByLabel("Mobile number");
    const phoneError = page.locator("#field-contactDetails-phoneNumber-error");
    await phoneInput.fill("1");
    await phoneInput.fill("");
    await phoneInput.press("Tab");
    await expect(phoneError).toHaveText("Error: Phone number is required");
    await phoneInput.fill("020 7946 0000");
    await phoneInput.press("Tab");
    await expect(phoneError).toHaveText("Error: Please use a mobile phone number so we can keep you up to date with your claim by SMS");
    await phoneInput.fill("07700 9001");
    await phoneInput.press("Tab");
    await expect(phoneError).toHaveText("Error: UK mobile numbers must be 11 digits long");
    await phoneInput.fill("7700 900456");
    await phoneInput.press("Tab");
    await expect(phoneInput).toHaveValue("07700900456");
    await expect(phoneError).toHaveCount(0);

    const terms = page.getByRole("checkbox", { name: /I have read and agree to the/ });
    await terms.check();
    await terms.uncheck();
    await terms.press("Tab");
    await expect(page.getByText("You must agree to the privacy policy to proceed")).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();
    await checkStep(page, "5b-contact-details-errors");
    await terms.check();
    await expect(page.getByText("You must agree to the privacy policy to proceed")).toBeHidden();
    await expect(continueButton(page)).toBeEnabled();
  });

  test("Continue on contact-details needs each of email, phone and terms", async ({ page }) => {
    await reachContactDetails(page);
    const next = continueButton(page);
    const fill = { email: "rhys@example.com", phone: "07700900789" };
    await page.getByLabel("Mobile number").fill(fill.phone);
    await page.getByRole("checkbox", { name: /I have read and agree to the/ }).check();
    await expect(next).toBeDisabled(); // no email
    await page.getByLabel("Email address").fill(fill.email);
    await page.getByLabel("Mobile number").fill("");
    await expect(next).toBeDisabled(); // no phone
    await page.getByLabel("Mobile number").fill(fill.phone);
    await page.getByRole("checkbox", { name: /I have read and agree to the/ }).uncheck();
    await expect(next).toBeDisabled(); // terms not agreed
    await page.getByRole("checkbox", { name: /I have read and agree to the/ }).check();
    await expect(next).toBeEnabled();
  });
});

test.describe("v1 soft credit search explanation", () => {
  test("the 'Electronic Credit Report' modal opens from the contact step and closes", async ({ page }) => {
    await reachContactDetails(page);
    const trigger = page.getByRole("button", { name: "What is a soft credit search?" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Electronic Credit Report" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("does not affect your credit score");
    await checkStep(page, "5c-electronic-credit-report");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
