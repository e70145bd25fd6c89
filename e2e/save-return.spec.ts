/**
 * Save and finish later on v3b-check: the visitor saves on the check page on one browser (a phone), opens the
 * mailed link in another (a laptop, no shared cookies or storage), finds their answers there from the server and
 * finishes the claim to the portal. The same link opened again is refused with a clear message, and so is an
 * expired one (on a server of its own whose links last no time: RETENTION_SAVE_RETURN_LINK_DAYS=0). In Welsh, the
 * button, the mail, the other browser's page and the refusal are Welsh.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { setPasswordOnConfirmation } from "./support/accounts";
import { startDefinitionsServer } from "./support/definitionsServer";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";

async function checkScreen(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `save-return-${name}`);
}

/** The words a visitor reads on v3b-check's way to its check page, in each language the journeys below use. */
const WORDS = {
  en: {
    start: "Yes! Start My Claim!",
    next: "Next Step",
    addressSearch: "Search for your address",
    labels: ["Title", "First name", "Last name", "Date of birth", "Email address", "Mobile number"],
  },
  cy: {
    start: "Oedd! Dechrau fy hawliad!",
    next: "Y cam nesaf",
    addressSearch: "Chwilio am eich cyfeiriad",
    labels: ["Teitl", "Enw cyntaf", "Cyfenw", "Dyddiad geni", "Cyfeiriad e-bost", "Rhif ffôn symudol"],
  },
};

/** From get-started to the check page, as Bethan Morgan with `email`. */
async function answerUpToCheckPage(page: Page, lang: keyof typeof WORDS, email: string) {
  const words = WORDS[lang];
  const next = page.getByRole("button", { name: words.next });
  await page.goto(`/claim/v3b-check/get-started${lang === "en" ? "" : `?lang=${lang}`}`);
  await page.getByRole("button", { name: words.start }).click();
  await page.getByRole("combobox", { name: words.addressSearch }).fill("10 Dow");
  await page.getByRole("option").first().click();
  await next.click();
  const [title, firstName, lastName, dateOfBirth, emailLabel, mobile] = words.labels;
  await page.getByLabel(title).selectOption("Miss");
  await page.getByLabel(firstName).fill("Bethan");
  await page.getByLabel(lastName).fill("Morgan");
  await page.getByLabel(dateOfBirth).fill("21061990");
  await page.getByLabel(emailLabel).fill(email);
  await page.getByLabel(mobile).fill("07700 900789");
  await next.click();
}

test("save on one browser, finish on another; the link works once", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `bethan.morgan+${Date.now()}@example.com`;
  await answerUpToCheckPage(page, "en", email);
  await expect(page).toHaveURL(/\/claim\/v3b-check\/check-answers$/, { timeout: 10000 });

  await page.getByRole("button", { name: "Save and finish later" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We have emailed you a link" })).toBeVisible();
  await checkScreen(page, "1-sent");

  // Another browser: no cookie, no storage of the first.
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  const mails = (await (await other.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()).mails as { text: string }[];
  const link = /https?:\/\/\S+\/api\/save-return\/enter\?token=[A-Za-z0-9_-]{43}/.exec(mails.at(-1)!.text)![0];
  const linkPath = new URL(link).pathname + new URL(link).search;
  await other.goto(linkPath);
  await expect(other).toHaveURL(/\/claim\/v3b-check\/check-answers\?saved=[0-9a-f-]{36}$/);
  await expect(other.getByRole("heading", { level: 1, name: "Check your answers" })).toBeVisible();
  await expect(other.locator(".summaryList__row", { hasText: "First name" })).toContainText("Bethan");
  await expect(other.locator(".summaryList__row", { hasText: "Date of birth" })).toContainText("21 June 1990");

  await other.getByRole("button", { name: "Confirm and sign" }).click();
  await expect(other).toHaveURL(/\/claim\/v3b-check\/signature/, { timeout: 10000 });
  await drawSignature(other);
  await other.getByRole("button", { name: "Next Step" }).click();
  await expect(other).toHaveURL(/\/claim\/v3b-check\/select-claims/, { timeout: 20000 });
  await other.getByRole("button", { name: "Submit" }).click();
  await expect(other).toHaveURL(/\/claim\/v3b-check\/confirmation/);
  await setPasswordOnConfirmation(other, email, "correct horse battery");
  await expect(other).toHaveURL(/\/portal$/);
  await expect(other.getByRole("heading", { level: 1, name: "Your claims" })).toBeVisible();
  await laptop.close();

  // The same link again, in a third browser: refused, saying why.
  const third = await browser.newContext();
  const again = await third.newPage();
  await again.goto(linkPath);
  await expect(again).toHaveURL(/\/login\?status=save_link_used$/);
  await expect(again.getByText("This link to finish your claim has already been used.")).toBeVisible();
  await checkScreen(again, "2-used");
  await third.close();
});

test("an expired link is refused, saying so", async ({ page }) => {
  test.setTimeout(60_000);
  const server = await startDefinitionsServer({ env: { RETENTION_SAVE_RETURN_LINK_DAYS: "0" } });
  try {
    const email = `gareth.lloyd+${Date.now()}@example.com`;
    const data = {
      hadFinance: "yes",
      address: { houseNumber: "10", street: "Downing Close", city: "London", postcode: "SW1A 2DX" },
      personalDetails: { title: "Mr", firstName: "Gareth", lastName: "Lloyd", dateOfBirth: "1979-11-02" },
      contactDetails: { email, phoneNumber: "07700900111", isTermsPolicyAgreed: true },
    };
    // The phone's requests share the page's cookies, as its funnel would.
    const created = await page.request.post(`${server.url}/api/claim-requests`, {
      data: { version: "v3b-check", step: "personal-details", data },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    expect(
      (await page.request.post(`${server.url}/api/save-return`, { data: { claim_request_id: id, step: "check-answers" } })).status(),
    ).toBe(200);
    const mails = (await (await page.request.get(`${server.url}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()).mails as {
      text: string;
    }[];
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.text)![1];
    await page.goto(`${server.url}/api/save-return/enter?token=${token}`);
    await expect(page).toHaveURL(/\/login\?status=save_link_expired$/);
    await expect(page.getByText("This link to finish your claim has expired.")).toBeVisible();
    await checkScreen(page, "3-expired");
  } finally {
    await server.stop();
  }
});

test("in Welsh: the save, its mail, the other browser's page and the refused link are Welsh", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = `bethan.morgan+cy${Date.now()}@example.com`;
  await answerUpToCheckPage(page, "cy", email);
  await expect(page).toHaveURL(/\/claim\/v3b-check\/check-answers\?lang=cy$/, { timeout: 10000 });

  await page.getByRole("button", { name: "Cadw a gorffen yn nes ymlaen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rydym wedi anfon dolen atoch drwy e-bost" })).toBeVisible();
  await checkScreen(page, "cy-1-sent");
  const mail = (await (await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()).mails.at(-1) as {
    subject: string;
    text: string;
  };
  expect(mail.subject).toMatch(/^Gorffen eich hawliad /);
  expect(mail.text).toContain("Mae'r ddolen yn gweithio unwaith");
  const link = /https?:\/\/\S+\/api\/save-return\/enter\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
  const linkPath = new URL(link).pathname + new URL(link).search;

  // Another browser, which has never chosen a language: the claim was saved in Welsh, so it carries on in Welsh.
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await other.goto(linkPath);
  await expect(other).toHaveURL(/\/claim\/v3b-check\/check-answers\?saved=[0-9a-f-]{36}$/);
  await expect(other.locator("html")).toHaveAttribute("lang", "cy");
  await expect(other.getByRole("heading", { level: 1, name: "Gwirio eich atebion" })).toBeVisible();
  await expect(other.locator(".summaryList__row", { hasText: "Enw cyntaf" })).toContainText("Bethan");
  await expect(other.getByRole("button", { name: "Cadarnhau a llofnodi" })).toBeVisible();
  await checkScreen(other, "cy-2-returned");
  await laptop.close();

  // The same link again, in a third browser: refused in Welsh.
  const third = await browser.newContext();
  const again = await third.newPage();
  await again.goto(linkPath);
  await expect(again).toHaveURL(/\/login\?status=save_link_used$/);
  await expect(again.locator("html")).toHaveAttribute("lang", "cy");
  await expect(again.getByText("Mae'r ddolen hon i orffen eich hawliad wedi'i defnyddio'n barod.")).toBeVisible();
  await checkScreen(again, "cy-3-used");
  await third.close();
});
