import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";
import { emailCodeFor } from "./support/accounts";

/** Texts of the shipped Welsh (definitions/i18n/cy/): none may reach an English visitor. */
const WELSH = ["Oedd! Dechrau fy hawliad!", "Oedd gennych chi gyllid car rhwng 2007 a 2021?", "Y cam nesaf", "Rhowch eich cod post"];
const WELSH_MONTH = /\d{2} (Ion|Chwe|Maw|Ebr|Mai|Meh|Gor|Aws|Med|Hyd|Tach|Rhag) \d{4}\b/;

test.describe("v3b in Welsh", () => {
  test("an English visitor downloads no Welsh, and is offered it by a link", async ({ page }) => {
    const bodies: string[] = [];
    page.on("response", async (response) => {
      const type = response.request().resourceType();
      if (type === "document" || type === "script" || type === "stylesheet") bodies.push(await response.text().catch(() => ""));
    });
    await page.goto("/claim/v3b/get-started");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
    await expect(page.getByRole("link", { name: "Cymraeg" })).toHaveAttribute("href", "/claim/v3b/get-started?lang=cy");
    // The visitor's first action loads the code that Next needs.
    await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
    await expect(page).toHaveURL(/\/claim\/v3b\/address$/);
    await page.waitForLoadState("networkidle");
    expect(bodies.length).toBeGreaterThan(1);
    for (const text of WELSH) expect(bodies.filter((body) => body.includes(text))).toEqual([]);
  });

  test('a visitor completes v3b in Welsh, with lang="cy" and Welsh validation messages', async ({ page }) => {
    const next = page.getByRole("button", { name: "Y cam nesaf" });
    await page.goto("/claim/v3b/get-started");
    await page.getByRole("link", { name: "Cymraeg" }).click();
    await expect(page).toHaveURL(/\/claim\/v3b\/get-started\?lang=cy$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "cy");
    await expect(page.getByRole("heading", { level: 1, name: "Oedd gennych chi gyllid car rhwng 2007 a 2021?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "English" })).toHaveAttribute("href", "/claim/v3b/get-started?lang=en");
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Cam 1 o 7");
    await expectNoAxeViolations(page, "welsh get-started");
    await captureBothWidths(page, "welsh-1-get-started");
    await page.getByRole("button", { name: "Oedd! Dechrau fy hawliad!" }).click();

    await expect(page).toHaveURL(/\/claim\/v3b\/address\?lang=cy$/);
    await page.getByRole("button", { name: "Rhoi fy nghyfeiriad â llaw" }).click();
    await page.getByLabel("Rhif y tŷ").fill("3");
    await page.getByLabel("Stryd").fill("Heol y Frenhines");
    await page.getByLabel("Tref neu ddinas").fill("Caerfyrddin");
    await page.getByLabel("Cod post").fill("SA31 1AA");
    await next.click();

    // Personal details, with an under-18 date of birth: the summary and the message are Welsh.
    await expect(page).toHaveURL(/\/claim\/v3b\/personal-details\?lang=cy$/);
    await page.getByLabel("Teitl").selectOption("Ms");
    await page.getByLabel("Enw cyntaf").fill("Cerys");
    await page.getByLabel("Cyfenw").fill("Pritchard");
    const teenager = new Date();
    teenager.setFullYear(teenager.getFullYear() - 17);
    const dd = String(teenager.getDate()).padStart(2, "0");
    const mm = String(teenager.getMonth() + 1).padStart(2, "0");
    await page.getByLabel("Dyddiad geni").fill(`${dd}${mm}${teenager.getFullYear()}`);
    const email = `cerys+${Date.now()}@example.com`;
    await page.getByLabel("Cyfeiriad e-bost").fill(email);
    await page.getByLabel("Rhif ffôn symudol").fill("07700 900456");
    await next.click();
    await expect(page.getByRole("alert").filter({ hasText: "Cywirwch y gwallau isod i barhau" })).toBeFocused();
    await expect(page.getByText("Rhowch ddyddiad geni dilys (rhaid bod rhwng 18 a 100 oed)").first()).toBeVisible();
    await expectNoAxeViolations(page, "welsh personal-details error");
    await captureBothWidths(page, "welsh-3-personal-details-error");
    await page.getByLabel("Dyddiad geni").fill("14031985");
    await next.click();

    await expect(page).toHaveURL(/\/claim\/v3b\/signature\?lang=cy$/, { timeout: 10_000 });
    await drawSignature(page);
    await next.click();

    // The credit check runs by itself; the found agreements' dates are in Welsh.
    await expect(page).toHaveURL(/\/claim\/v3b\/select-claims\?lang=cy$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Dewis hawliadau ychwanegol" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cytundebau a ganfuwyd yn eich ffeil gredyd" })).toContainText(WELSH_MONTH);
    await page.getByRole("button", { name: "Cyflwyno" }).click();

    await expect(page).toHaveURL(/\/claim\/v3b\/confirmation\?lang=cy$/);
    // Copy laid over a block by the shared content (the fees paragraph) is Welsh too.
    await expect(page.getByText(/^Ffioedd cyfreithiwr hyd at 36%/)).toBeVisible();
    await page.getByLabel("Creu cyfrinair").fill("correct horse battery");
    await page.getByLabel("Cadarnhewch eich cyfrinair").fill("correct horse battery");
    await page.getByRole("button", { name: "Creu fy nghyfrif" }).click();
    // The first press mails a code to the email; with it, the account is made.
    await page.getByLabel("Cod o'r e-bost").fill(await emailCodeFor(page, email));
    await page.getByRole("button", { name: "Cadarnhau a chreu fy nghyfrif" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    // The portal follows the visit's language too: its words come from the shared content's Welsh.
    await expect(page.locator("html")).toHaveAttribute("lang", "cy");
    await expect(page.getByRole("heading", { level: 1, name: "Eich hawliadau" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Eich manylion cyswllt" })).toBeVisible();
    // The claim's stored status, its stage names, what happens next and the signed letter's link: Welsh too.
    await expect(page.locator(".status-tag").first()).toHaveText("Ar y gweill");
    const progress = page.locator(".progress-card").first();
    await expect(progress.locator(".timeline__label").first()).toHaveText("Hawliad wedi'i gyflwyno");
    await expect(progress.getByRole("heading", { name: "Beth sy'n digwydd nesaf" })).toBeVisible();
    await expect(progress).toContainText("Rydym yn paratoi eich cwyn");
    await expect(page.getByRole("link", { name: "Llythyr awdurdod" })).toBeVisible();
    await expectNoAxeViolations(page, "welsh portal");
    await captureBothWidths(page, "welsh-portal");
  });
});
