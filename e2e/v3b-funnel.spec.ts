import { expect, test, type Page } from "@playwright/test";
import { enterSetupCode } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";

const UNDER_18 = "Please enter a valid date of birth (must be 18-100 years old)";

async function checkStep(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `v3b-${name}`);
}

test.describe("v3b funnel, end to end", () => {
  test("a visitor starts a claim, is found agreements, creates an account and sees the portal", async ({ page }) => {
    const email = `amira.khan+${Date.now()}@example.com`;
    const next = page.getByRole("button", { name: "Next Step" });

    await page.goto("/claim/v3b/get-started");
    await expect(page.getByRole("heading", { level: 1, name: "Did you have car finance between 2007 and 2021?" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 1 of 7");
    await checkStep(page, "1-get-started");
    await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();

    // Address: search the sandbox and pick a result.
    await expect(page).toHaveURL(/\/claim\/v3b\/address$/);
    await expect(next).toBeDisabled();
    await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
    await checkStep(page, "2-address");
    await page.getByRole("combobox", { name: "Search for your address" }).fill("SW1A 2");
    const firstResult = page.getByRole("option").first();
    await expect(firstResult).toBeVisible({ timeout: 5000 });
    await firstResult.click();
    await expect(page.getByRole("button", { name: "Search again" })).toBeVisible();
    await expect(next).toBeEnabled();
    await checkStep(page, "2b-address-selected");
    await next.click();

    // Personal details: Next stays disabled until title, names and DOB are filled; under-18 is refused.
    await expect(page).toHaveURL(/\/claim\/v3b\/personal-details$/);
    await expect(next).toBeDisabled();
    await page.getByLabel("Title").selectOption("Ms");
    await page.getByLabel("First name").fill("Amira");
    await page.getByLabel("Last name").fill("Khan");
    await expect(next).toBeDisabled();
    const teenager = new Date();
    teenager.setFullYear(teenager.getFullYear() - 17);
    const dd = String(teenager.getDate()).padStart(2, "0");
    const mm = String(teenager.getMonth() + 1).padStart(2, "0");
    await page.getByLabel("Date of birth").fill(`${dd}${mm}${teenager.getFullYear()}`);
    await expect(page.getByLabel("Date of birth")).toHaveValue(`${dd} / ${mm} / ${teenager.getFullYear()}`);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Mobile number").fill("07700 900123");
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page.getByText(UNDER_18).first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below to continue" })).toBeFocused();
    await checkStep(page, "3-personal-details-error");
    await page.getByLabel("Date of birth").fill("14031985");
    await next.click();

    // Signature, drawn with the mouse.
    await expect(page).toHaveURL(/\/claim\/v3b\/signature$/, { timeout: 10000 });
    await expect(next).toBeDisabled();
    await drawSignature(page);
    await expect(next).toBeEnabled();
    await checkStep(page, "4-signature");
    await next.click();

    // The credit check runs by itself and moves on to select-claims.
    await expect(page).toHaveURL(/\/claim\/v3b\/(credit-check|select-claims)$/);
    await expect(page).toHaveURL(/\/claim\/v3b\/select-claims$/, { timeout: 20000 });
    await expect(page.getByRole("heading", { level: 1, name: "Select Additional Claims" })).toBeVisible();
    const found = await page.getByRole("region", { name: "Agreements found in your credit file" }).locator("tbody tr").count();
    expect(found).toBeGreaterThan(0);
    await page.getByRole("searchbox", { name: "Search for a lender" }).fill("moneybarn");
    await page.getByRole("button", { name: "Add Moneybarn" }).click();
    await expect(page.getByRole("heading", { name: /Lenders you had car finance with \(1 of 10\)/ })).toBeVisible();
    await checkStep(page, "6-select-claims");
    await page.getByRole("button", { name: "Submit" }).click();

    // Confirmation: the count of credit-check plus manual claims.
    await expect(page).toHaveURL(/\/claim\/v3b\/confirmation$/);
    await expect(page.getByText(`We have found ${found + 1} valid claim(s)`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Create my account" })).toBeDisabled();
    await page.getByLabel("Create a password").fill("correct horse battery");
    await page.getByLabel("Confirm your password").fill("correct horse battery");
    await checkStep(page, "7-confirmation");
    await page.getByRole("button", { name: "Create my account" }).click();
    // The first press mails a code to the email; with it, the account is made.
    await expect(page.getByLabel("Code from the email")).toBeVisible();
    await checkStep(page, "7b-confirmation-email-code");
    await enterSetupCode(page, email);

    // Portal lists the stored claims.
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your claims" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Your claims" }).getByRole("listitem")).toHaveCount(found + 1);
    await checkStep(page, "8-portal");

    // What the database holds, read back through the signed-in API.
    const portal = await page.request.get("/api/portal/claims");
    expect(portal.ok()).toBe(true);
    const { claimRequests } = await portal.json();
    expect(claimRequests).toHaveLength(1);
    expect(claimRequests[0].claims).toHaveLength(found + 1);
    expect(claimRequests[0].claims.map((c: { source: string }) => c.source)).toContain("manual");
    const record = await (await page.request.get(`/api/claim-requests/${claimRequests[0].id}`)).json();
    expect(record).toMatchObject({
      first_name: "Amira",
      last_name: "Khan",
      email,
      phone_number: "07700900123",
      date_of_birth: "1985-03-14",
    });
    expect(record.signature).toMatch(/^data:image\/png;base64,/);
  });

  test("an address entered by hand, and progress kept across a reload", async ({ page }) => {
    await page.goto("/claim/v3b/get-started");
    await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
    await page.getByRole("button", { name: "Enter my address manually" }).click();
    await page.getByLabel("House number").fill("14");
    await page.getByLabel("Street").fill("Harbour Row");
    await page.getByLabel("Town or city").fill("Whitby, North Yorkshire");
    await page.getByLabel("Postcode").fill("yo21 3pu ");
    await page.getByLabel("Postcode").press("Tab");
    await expect(page.getByLabel("Postcode")).toHaveValue("YO21 3PU");
    await expect(page.getByLabel("Town or city")).toHaveValue("Whitby North Yorkshire");
    await checkStep(page, "2c-address-manual");
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect(page).toHaveURL(/personal-details$/);
    await page.getByLabel("Title").selectOption("Mr");
    await page.getByLabel("First name").fill("Rhys");
    await page.getByLabel("Last name").fill("Pritchard");
    await page.getByLabel("Date of birth").fill("02091982");
    await page.getByLabel("Email address").fill(`rhys+${Date.now()}@example.com`);
    await page.getByLabel("Mobile number").fill("07700 900321");
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect(page).toHaveURL(/signature$/, { timeout: 10_000 });
    // After a reload the answers come back from the server (the browser keeps none of them).
    await page.reload();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/personal-details$/);
    await expect(page.getByLabel("First name")).toHaveValue("Rhys");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/address$/);
    await expect(page.getByText("Harbour Row")).toBeVisible();
  });
});

test.describe("v3b routes", () => {
  test("unknown step goes to get-started; v3 runs the same funnel; unknown version and missing step are not found", async ({ page }) => {
    await page.goto("/claim/v3b/anything?utm_source=x");
    await expect(page).toHaveURL(/\/claim\/v3b\/get-started\?utm_source=x$/);
    await page.goto("/claim/v3/get-started");
    await expect(page.getByRole("heading", { level: 1, name: "Did you have car finance between 2007 and 2021?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
    await expect(page).toHaveURL(/\/claim\/v3\/address$/);
    for (const path of ["/claim/v9/x", "/claim/v3b"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
    await checkStep(page, "not-found");
  });

  test("show_modal=true opens the notice, and 'I understand' closes it", async ({ page }) => {
    await page.goto("/claim/v3b/get-started?show_modal=true");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await checkStep(page, "1b-notice-modal");
    await dialog.getByRole("button", { name: "I understand" }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe("v3b errors a visitor can meet", () => {
  test("a failing address search says so, clears results and offers manual entry", async ({ page }) => {
    await page.goto("/claim/v3b/address");
    await page.getByRole("combobox", { name: "Search for your address" }).fill("FAIL Road");
    await expect(
      page.getByText("Sorry, we're having trouble searching for addresses right now. Please try entering your address manually."),
    ).toBeVisible({ timeout: 5000 });
    await expect(page.getByRole("option")).toHaveCount(0);
    await expectNoAxeViolations(page, "address search error");
    await page.getByRole("button", { name: "Enter my address manually" }).click();
    await expect(page.getByLabel("Postcode")).toBeVisible();
  });

  test("an eleventh lender is refused with 'You can only select up to 10 lenders.' for 3 seconds", async ({ page }) => {
    await page.goto("/claim/v3b/select-claims");
    const addButtons = page.getByRole("list", { name: "Lenders" }).getByRole("button");
    await expect(addButtons.first()).toBeVisible();
    for (let i = 0; i < 10; i++) await addButtons.first().click();
    await expect(page.getByRole("heading", { name: /Lenders you had car finance with \(10 of 10\)/ })).toBeVisible();
    await expect(page.getByText("You have selected the maximum of 10 lenders.")).toBeVisible();
    // At the limit the buttons are aria-disabled but still pressable, so a person who tries is told why.
    await addButtons.first().click({ force: true });
    const limit = page.getByText("You can only select up to 10 lenders.");
    await expect(limit).toBeVisible();
    await expect(page.getByRole("heading", { name: /\(10 of 10\)/ })).toBeVisible();
    await expect(limit).toBeHidden({ timeout: 5000 });
    await expectNoAxeViolations(page, "lender limit");
  });
});
