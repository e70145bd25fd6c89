import { expect, test, type Page } from "@playwright/test";
import { enterSetupCode } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";

async function checkStep(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `v5-${name}`);
}

test.describe("v5 apply-today", () => {
  test("one question per page from start to an account, with the claim stored", async ({ page }) => {
    const email = `ffion.davies+${Date.now()}@example.com`;
    const next = page.getByRole("button", { name: "Continue" });
    await page.goto("/claim/v5/getting-started?utm_source=tv");
    await expect(page).toHaveURL(/\/claim\/apply-today\/start\?utm_source=tv$/);
    await expect(page.getByRole("heading", { level: 1, name: "Check if you're owed money for car finance" })).toBeVisible();
    await expect(page.getByText("1 Million+ drivers signed up")).toBeVisible();
    await checkStep(page, "1-start");
    await page.getByRole("button", { name: "Start now" }).click();

    await expect(page).toHaveURL(/\/claim\/apply-today\/about-you\?utm_source=tv$/);
    await next.click(); // GOV.UK style: Continue is not disabled; it explains what is missing
    await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below to continue" })).toBeFocused();
    await expect(page.getByRole("link", { name: "Please enter your first name" })).toBeVisible();
    await checkStep(page, "2-about-you-errors");
    await page.getByLabel("Title").selectOption("Miss");
    await page.getByLabel("First name").fill("Ffion");
    await page.getByLabel("Last name").fill("Davies");
    await page.getByLabel("Date of birth").fill("23111988");
    await next.click();

    await expect(page).toHaveURL(/\/claim\/apply-today\/contact/);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Mobile number").fill("07700 900654");
    await checkStep(page, "3-contact");
    await next.click();

    await expect(page).toHaveURL(/\/claim\/apply-today\/address/);
    await expect(next).toBeDisabled();
    await page.getByRole("combobox", { name: "Search for your address" }).fill("GU1 3AX");
    await page.getByRole("option").first().click();
    await checkStep(page, "4-address");
    await next.click();

    await expect(page).toHaveURL(/\/claim\/apply-today\/agree/, { timeout: 10000 });
    for (const text of [
      "does not affect your credit score",
      "up to 36% including VAT",
      "14-day cooling-off period",
      "Financial Ombudsman Service, for free",
    ]) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
    await next.click();
    await expect(page.getByRole("link", { name: "Please agree to the privacy policy and terms" })).toBeVisible();
    await page.getByLabel(/I agree to the privacy policy and terms/).check();
    await checkStep(page, "5-agree");
    await next.click();

    await expect(page).toHaveURL(/\/claim\/apply-today\/signature/);
    await drawSignature(page);
    await checkStep(page, "6-signature");
    await next.click();

    await expect(page).toHaveURL(/\/claim\/apply-today\/confirmation/, { timeout: 20000 });
    await expect(page.getByText(/We have found \d+ valid claim\(s\)/)).toBeVisible();
    // A step without the nav bar: the bar is hidden (out of reach too), and the step's heading has the focus
    // that the pressed Next held.
    await expect(page.getByRole("navigation", { name: "Step navigation" })).toHaveCount(0);
    await expect(page.locator(".step-heading").first()).toBeFocused();
    await checkStep(page, "8-confirmation");

    // The progress copy is written when the browser is next idle (within a second of a change).
    const storedId = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem("claim-progress:fairdrive:v5") ?? "{}").claim_request_id as string | undefined);
    await expect.poll(storedId).toEqual(expect.any(String));
    const id = (await storedId()) as string;
    const record = await (await page.request.get(`/api/claim-requests/${id}`)).json();
    expect(record).toMatchObject({
      first_name: "Ffion",
      last_name: "Davies",
      email,
      phone_number: "07700900654",
      date_of_birth: "1988-11-23",
    });
    expect(record.address).toMatchObject({ postcode: "GU1 3AX" });
    expect(record.claims.length).toBeGreaterThan(0);

    await page.getByLabel("Create a password").fill("correct horse battery");
    await page.getByLabel("Confirm your password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create my account" }).click();
    await enterSetupCode(page, email);
    await expect(page).toHaveURL(/\/portal$/);
  });

  test("every v5 route redirects to apply-today keeping the query string", async ({ page }) => {
    const rules: [string, string][] = [
      ["getting-started", "start"],
      ["about-you", "about-you"],
      ["contact", "contact"],
      ["address", "address"],
      ["agree", "agree"],
      ["signature", "signature"],
      ["credit-file", "credit-file"],
      ["confirmation", "confirmation"],
      ["not-a-step", "start"],
    ];
    for (const [from, to] of rules) {
      await page.goto(`/claim/v5/${from}?utm_source=tv&ref=${from}`);
      await expect(page, from).toHaveURL(new RegExp(`/claim/apply-today/${to}\\?utm_source=tv&ref=${from}$`));
    }
    const response = await page.goto("/claim/apply-today/nope");
    expect(response?.status()).toBe(404);
  });

  test("a brand whose form version is v5 is sent to apply-today's start from any other version, keeping the query", async ({ page }) => {
    const port = process.env.E2E_PORT ?? 4319;
    const host = `http://apply-today.localhost:${port}`;
    for (const from of ["/claim/v3b/address", "/claim/v3c/personal-details", "/claim/v3d/address", "/claim/v3/get-started"]) {
      await page.goto(`${host}${from}?utm_source=partner`);
      await expect(page, from).toHaveURL(`${host}/claim/apply-today/start?utm_source=partner`);
    }
    await expect(page.getByRole("heading", { level: 1, name: "Check if you're owed money for car finance" })).toBeVisible();
    await expect(page.getByText("ApplyToday Claims").first()).toBeVisible();
    await page.goto(`${host}/claim?x=1`);
    await expect(page).toHaveURL(`${host}/claim/apply-today/start?x=1`);
  });
});
