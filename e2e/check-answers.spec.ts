/**
 * Check your answers on v3b-check (v3b with the check before the signature): the visitor's answers under the
 * definition's labels; Change on the address opens the address step, whose Next comes straight back to the check
 * page with the new address (not on to personal details); the check page's button names what it does. The same page
 * in Welsh (the brand offers it, and v3b-check has a Welsh layer): every word, and the date, in Welsh.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";

async function checkScreen(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `check-answers-${name}`);
}

/** The summary list's value for a key. */
const answer = (page: Page, key: string) =>
  page
    .locator(".summaryList__row", { has: page.getByRole("term").filter({ hasText: key }) })
    .getByRole("definition")
    .first();

test("v3b-check: change the address from the check page, then come back to it", async ({ page }) => {
  const next = page.getByRole("button", { name: "Next Step" });
  await page.goto("/claim/v3b-check/get-started");
  await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();

  await expect(page).toHaveURL(/\/claim\/v3b-check\/address$/);
  await page.getByRole("combobox", { name: "Search for your address" }).fill("10 Dow");
  await page.getByRole("option").first().click();
  await expect(next).toBeEnabled();
  await next.click();

  await expect(page).toHaveURL(/\/claim\/v3b-check\/personal-details$/);
  await page.getByLabel("Title").selectOption("Ms");
  await page.getByLabel("First name").fill("Carys");
  await page.getByLabel("Last name").fill("Pritchard");
  await page.getByLabel("Date of birth").fill("14031985");
  await page.getByLabel("Email address").fill(`carys.pritchard+${Date.now()}@example.com`);
  await page.getByLabel("Mobile number").fill("07700 900456");
  await next.click();

  await expect(page).toHaveURL(/\/claim\/v3b-check\/check-answers$/, { timeout: 10000 });
  await expect(page.getByRole("heading", { level: 1, name: "Check your answers" })).toBeVisible();
  await expect(answer(page, "Your address").locator(".summaryList__line")).toHaveText(["10 Downing Close", "London", "SW1A 2DX"]);
  await expect(answer(page, "Date of birth")).toHaveText("14 March 1985");
  await expect(answer(page, "Title")).toHaveText("Ms");
  await checkScreen(page, "1-list");

  await page.getByRole("link", { name: "Change Your address" }).click();
  await expect(page).toHaveURL(/\/claim\/v3b-check\/address\?change=check-answers$/);
  await page.getByRole("button", { name: "Search again" }).click();
  await page.getByRole("combobox", { name: "Search for your address" }).fill("Sandfield");
  await page.getByRole("option").first().click();
  await expect(next).toBeEnabled();
  await next.click();

  // Straight back: personal details are answered, so nothing new is asked on the way.
  await expect(page).toHaveURL(/\/claim\/v3b-check\/check-answers$/, { timeout: 10000 });
  await expect(answer(page, "Your address").locator(".summaryList__line")).toContainText([/Sandfield Road$/, "Guildford", "Surrey"]);
  await expect(answer(page, "First name")).toHaveText("Carys");
  await checkScreen(page, "2-after-change");
  await expect(page.getByRole("button", { name: "Confirm and sign" })).toBeVisible();

  // In Welsh: the answers come back from the server, under the Welsh labels.
  await page.getByRole("link", { name: "Cymraeg" }).click();
  await expect(page).toHaveURL(/\/claim\/v3b-check\/check-answers\?lang=cy$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "cy");
  await expect(page.getByRole("heading", { level: 1, name: "Gwirio eich atebion" })).toBeVisible();
  await expect(answer(page, "Dyddiad geni")).toHaveText("14 Mawrth 1985");
  await expect(answer(page, "Enw cyntaf")).toHaveText("Carys");
  await expect(page.getByRole("link", { name: "Newid Eich cyfeiriad" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cadw a gorffen yn nes ymlaen" })).toBeVisible();
  await checkScreen(page, "3-welsh");

  await page.getByRole("button", { name: "Cadarnhau a llofnodi" }).click();
  await expect(page).toHaveURL(/\/claim\/v3b-check\/signature\?lang=cy$/, { timeout: 10000 });
});
