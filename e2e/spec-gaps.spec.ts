/**
 * Spec gaps a consumer meets, walked in the browser: the identity check before an affiliate-kind
 * brand's v3 credit search, deep entry at the address step, the brand's disclaimer where v3c/v3d
 * give consent, 'Submit' on v3's last step and its submitting step, the fees on the closing page,
 * the v2 mobile number capped at 11 digits, and the sandbox answering any plausible street.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";

const port = process.env.E2E_PORT ?? 4319;
const at = (host: string, path: string) => `http://${host}:${port}${path}`;
const FEES = "Solicitor fees up to 36% inc VAT. If your claim succeeds, our partnered solicitors' success fee is 18%-36% inclusive of VAT";

async function personalDetails(page: Page, lastName: string) {
  await page.getByLabel("Title").selectOption("Mrs");
  await page.getByLabel("First name").fill("Priya");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Date of birth").fill("21071988");
  await page.getByLabel("Email address").fill(`priya.${lastName.toLowerCase()}+${Date.now()}@example.com`);
  await page.getByLabel("Mobile number").fill("07700 900456");
}

test("affiliate brand, v3 opened at the address step: own street found, identity code asked, search runs, Submit, fees shown", async ({
  page,
}) => {
  const next = page.getByRole("button", { name: "Next Step" });
  // Deep entry through the v3 path (it runs v3b), on the affiliate-kind brand's own host.
  await page.goto(at("affiliate.localhost", "/claim/v3/address"));
  // Consent is given here now, with the brand's disclaimer and its credit-report link.
  await expect(page.getByRole("link", { name: "credit report" })).toHaveAttribute("href", /^\/privacy-policy/);
  // Any plausible street the sandbox does not hold is answered.
  await page.getByRole("combobox", { name: "Search for your address" }).fill("27 Mill Lane, Leeds");
  await page.getByRole("option", { name: /^27 Mill Lane, Leeds, LS6 \d[A-Z]{2}$/ }).click();
  await next.click();

  await expect(page).toHaveURL(/\/claim\/v3\/personal-details$/);
  await personalDetails(page, "Challenge");
  await next.click();
  await expect(page).toHaveURL(/\/claim\/v3\/signature$/, { timeout: 10_000 });
  await drawSignature(page);
  await next.click();

  // The identity check runs first and asks for its one-time code, in the same dialog.
  const dialog = page.getByRole("dialog", { name: "Verify Your Identity" });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page, "identity code before the v3 credit check");
  await captureBothWidths(page, "gaps-v3-identity-code");
  await dialog.getByLabel("Verification code").fill("123456");
  await dialog.getByRole("button", { name: "Verify" }).click();

  await expect(page).toHaveURL(/\/claim\/v3\/select-claims$/, { timeout: 20_000 });
  const rows = page.getByRole("region", { name: "Agreements found in your credit file" }).locator("tbody tr");
  await expect(rows.first()).toBeVisible(); // the lazy lender picker has rendered
  const found = await rows.count();
  expect(found).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/claim\/v3\/confirmation$/);
  await expect(page.getByText(`We have found ${found} valid claim(s)`)).toBeVisible();
  await expect(page.getByText(FEES)).toBeVisible();
  await expectNoAxeViolations(page, "v3 confirmation with fees");
  await captureBothWidths(page, "gaps-v3-confirmation-fees");
});

test("v3c and v3d show the brand's privacy disclaimer where Next gives consent", async ({ page }) => {
  for (const version of ["v3c", "v3d"]) {
    await page.goto(`/claim/${version}/address`);
    const disclaimer = page.getByText(/may run a soft credit report.* search, which does not affect your credit score/);
    await expect(disclaimer).toBeVisible();
    await expect(page.getByRole("link", { name: "credit report" })).toHaveAttribute("href", /^\/privacy-policy/);
  }
  await expectNoAxeViolations(page, "v3d address with disclaimer");
  await captureBothWidths(page, "gaps-v3d-address-disclaimer");
});

test("/claim/v3b/submitting is a step of its own, not a redirect to get-started", async ({ page }) => {
  await page.goto("/claim/v3b/submitting");
  await expect(page).toHaveURL(/\/claim\/v3b\/submitting$/);
  await expect(page.getByRole("heading", { level: 1, name: "Finding your claims" })).toBeVisible();
  // A processing page outside the numbered steps: no made-up "Step 1 of 7".
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByText(/Step \d+ of \d+/)).toHaveCount(0);
  // With nothing submitted yet it says what is missing, with a way back to the start.
  await expect(page.getByRole("button", { name: "Start Over" })).toBeVisible({ timeout: 10_000 });
  await expectNoAxeViolations(page, "v3b submitting");
  await captureBothWidths(page, "gaps-v3b-submitting");
});

test("the v2 mobile number takes at most 11 digits", async ({ page }) => {
  await page.goto("/claim/v2/contact-details");
  const phone = page.getByLabel("Mobile number");
  await phone.fill("07700 900123 456");
  await expect(phone).toHaveValue("07700900123");
  await phone.fill("");
  await phone.pressSequentially("0770090012399");
  await expect(phone).toHaveValue("07700900123");
});

test("v2's credit-check step is for non-KBA providers only: a KBA brand's visitor goes the KBA way, to verify", async ({ page }) => {
  // A non-KBA brand opens it (by URL only): with nothing submitted it says so, in the spec's words.
  await page.goto("/claim/v2/credit-check");
  await expect(page.getByText("No claim reference found")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Your Information" })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 7 of 9");
  // Their usual path jumps from lender selection to submitting: the step it jumps over is not counted.
  await page.goto("/claim/v2/lender-selection");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 6 of 8");
  await page.goto("/claim/v2/confirmation");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 8 of 8");

  // The KBA brand never gets it: sent on to its identity questions, and its flow counts verify instead.
  await page.goto("/claim/v2/credit-check?brand=checkmycar-kba");
  await expect(page).toHaveURL(/\/claim\/v2\/verify\?brand=checkmycar-kba$/);
  await expect(page.getByText("No claim reference found")).toHaveCount(0);
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 7 of 9");
  await page.goto("/claim/v2/lender-selection?brand=checkmycar-kba");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 6 of 9");
  await expectNoAxeViolations(page, "v2 lender selection, KBA brand");
});
