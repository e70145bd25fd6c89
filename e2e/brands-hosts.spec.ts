/**
 * White-label brands on one server: the Host header picks the brand (Chromium
 * resolves *.localhost to loopback), each with its own name, logo, colour,
 * footer, funnel version and company content.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";

const port = process.env.E2E_PORT ?? 4319;
const at = (host: string, path: string) => `http://${host}:${port}${path}`;

const primaryColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());
const buttonBackground = (page: Page, name: string) =>
  page.getByRole("link", { name }).evaluate((el) => getComputedStyle(el).backgroundColor);

test.describe("brands by hostname", () => {
  test("two hostnames on one server show two brands: name, logo, colour, footer, funnel version and company content", async ({ page }) => {
    // FairDrive (default brand, company fairway-legal, v3b).
    await page.goto(at("localhost", "/"));
    await expect(page).toHaveTitle("FairDrive Claims");
    await expect(page.getByRole("heading", { level: 1, name: "Did you have car finance between 2007 and 2021?" })).toBeVisible();
    await expect(page.locator(".site-header__name")).toHaveText("FairDrive Claims");
    await expect(page.locator(".site-header__logo")).toHaveAttribute("src", "/brand-assets/fairdrive-logo.svg");
    expect(await primaryColour(page)).toBe("#0b5cad");
    expect(await buttonBackground(page, "Start my claim")).toBe("rgb(11, 92, 173)");
    await expect(page.locator(".site-footer__text")).toContainText("FairDrive Claims is a trading name of Fairway Claims Ltd.");
    for (const claim of [
      "Checking takes under 60 seconds",
      "Free agreement finder",
      "1 Million+ drivers signed up",
      "14-day cooling-off period",
    ]) {
      await expect(page.getByText(claim, { exact: false }).first()).toBeVisible();
    }
    await expect(page.getByText("15%-30% plus VAT, up to 36% including VAT", { exact: false }).first()).toBeVisible();
    await expect(page.getByText("Average compensation is about £950 or less per agreement.")).toBeVisible();
    await expect(page.getByText("Leases and rentals are not eligible", { exact: false }).first()).toBeVisible();
    await expect(page.getByText("about 30 days to gather", { exact: false })).toBeVisible();
    await expect(page.getByText("Financial Ombudsman Service, for free", { exact: false }).first()).toBeVisible();
    // Company-specific content: the 8,707 review panel with three reviews, and the FAQ.
    const panel = page.getByRole("region", { name: "Rated Excellent by our customers" });
    await expect(panel.getByText("Based on 8,707 reviews")).toBeVisible();
    await expect(panel.getByRole("listitem")).toHaveCount(3);
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    await faq.getByText("Will checking affect my credit score?").click();
    await expect(faq.getByText("does not affect your credit score", { exact: false })).toBeVisible();
    await expectNoAxeViolations(page, "FairDrive home");
    await captureBothWidths(page, "brands-home-fairdrive");
    await page.getByRole("link", { name: "Start my claim" }).click();
    await expect(page).toHaveURL(at("localhost", "/claim/v3b/get-started"));

    // CheckMyCar (kba.localhost, company northgate-legal, v2, HTML footer).
    await page.goto(at("kba.localhost", "/"));
    await expect(page).toHaveTitle("CheckMyCar Finance");
    await expect(page.locator(".site-header__name")).toHaveText("CheckMyCar Finance");
    await expect(page.locator(".site-header__logo")).toHaveAttribute("src", "/brand-assets/checkmycar-logo.svg");
    expect(await primaryColour(page)).toBe("#00703c");
    expect(await buttonBackground(page, "Start my claim")).toBe("rgb(0, 112, 60)");
    await expect(page.locator(".site-footer__text b")).toHaveText("CheckMyCar Finance");
    const fos = page.locator(".site-footer__text a", { hasText: "Financial Ombudsman Service" });
    await expect(fos).toHaveAttribute("href", "https://www.financial-ombudsman.org.uk/");
    await expect(fos).toHaveAttribute("rel", "noopener noreferrer");
    // Another company: no review panel, no FAQ.
    await expect(page.getByText("Based on 8,707 reviews")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Frequently asked questions" })).toHaveCount(0);
    await expectNoAxeViolations(page, "CheckMyCar home");
    await captureBothWidths(page, "brands-home-checkmycar");
    await page.getByRole("link", { name: "Start my claim" }).click();
    await expect(page).toHaveURL(at("kba.localhost", "/claim/v2/agreement-finder"));
    await expect(page).toHaveTitle(/– CheckMyCar Finance$/);
  });

  test("a brand's copy overlay and marketing overrides change only that brand", async ({ page }) => {
    await page.goto(at("affiliate.localhost", "/"));
    await expect(page.getByRole("heading", { level: 1, name: "Find your car finance agreements in under 60 seconds" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Find my agreements" })).toBeVisible();
    await expect(page.locator(".site-header__logo")).toHaveAttribute("src", "/brand-assets/quickfind-logo.svg");
    // Same company as FairDrive: the review panel shows.
    await expect(page.getByText("Based on 8,707 reviews")).toBeVisible();
    await page.goto(at("affiliate.localhost", "/claim/v2/agreement-finder"));
    await expect(page.getByRole("listitem").filter({ hasText: "Leases and rentals are not eligible" })).toBeVisible();
    await page.goto(at("kba.localhost", "/claim/v2/agreement-finder"));
    await expect(page.getByRole("listitem").filter({ hasText: "1 Million+ drivers signed up" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Leases and rentals are not eligible" })).toHaveCount(0);
  });

  test("the Supreme Court notice comes from shared content and closes with 'I understand'", async ({ page }) => {
    await page.goto(at("kba.localhost", "/claim/v2/agreement-finder?show_modal=true"));
    const dialog = page.getByRole("dialog", { name: "An update on the Supreme Court ruling" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Fixed-fee commission is not actionable");
    await expect(dialog).toContainText("The earlier £4,000 average claim figure no longer applies.");
    await dialog.getByRole("button", { name: "I understand" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a v5 brand is forced into apply-today from any version, and its home page starts there", async ({ page }) => {
    await page.goto(at("apply-today.localhost", "/claim/v2/agreement-finder?utm_source=tv"));
    await expect(page).toHaveURL(at("apply-today.localhost", "/claim/apply-today/start?utm_source=tv"));
    await page.goto(at("apply-today.localhost", "/"));
    expect(await primaryColour(page)).toBe("#b10e1e");
    await expect(page.getByRole("note")).toHaveText(/paused until 31 May 2026/);
    await expectNoAxeViolations(page, "ApplyToday home");
    await captureBothWidths(page, "brands-home-applytoday");
    await page.getByRole("link", { name: "Start my claim" }).click();
    await expect(page).toHaveURL(at("apply-today.localhost", "/claim/apply-today/start"));
  });

  test("the privacy policy names the brand and company, what is collected and why, and opens from the consent disclaimer", async ({
    page,
    context,
  }) => {
    await page.goto(at("localhost", "/claim/v3b/get-started"));
    const disclaimer = page.locator(".privacy-disclaimer");
    await expect(disclaimer).toContainText(
      "By continuing you agree that FairDrive Claims and Fairway Claims Ltd may run a soft credit report",
    );
    await expect(disclaimer).toContainText("search, which does not affect your credit score.");
    const link = disclaimer.getByRole("link", { name: "credit report (opens in a new tab)" });
    await expect(link).toHaveAttribute("target", "_blank");
    const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await popup.waitForLoadState();
    await expect(popup).toHaveURL(/\/privacy-policy#soft-credit-search$/);
    await expect(popup).toHaveTitle("Privacy policy – FairDrive Claims");
    await expect(popup.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    await expect(popup.getByText("FairDrive Claims is a trading name of Fairway Claims Ltd.", { exact: false }).first()).toBeVisible();
    for (const item of ["Your date of birth", "Your signature, to authorise your claims", "Your credit file", "Your contact details"]) {
      await expect(popup.getByRole("listitem").filter({ hasText: item })).toBeVisible();
    }
    for (const heading of ["Why we collect it", "The soft credit search", "How long we keep it", "Your rights"]) {
      await expect(popup.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expectNoAxeViolations(popup, "privacy policy");
    await captureBothWidths(popup, "brands-privacy-fairdrive");
    await popup.close();

    await page.goto(at("kba.localhost", "/privacy-policy"));
    await expect(page).toHaveTitle("Privacy policy – CheckMyCar Finance");
    await expect(
      page.getByText("CheckMyCar Finance is a trading name of Northgate Legal Services Ltd.", { exact: false }).first(),
    ).toBeVisible();
  });

  test("each brand has its own favicon, served with its type", async ({ page }) => {
    await page.goto(at("apply-today.localhost", "/"));
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/brand-assets/applytoday-logo.svg");
    // Through the browser: Node's resolver does not map *.localhost to loopback, Chromium's does.
    const icon = (await page.goto(at("apply-today.localhost", "/favicon.ico")))!;
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toContain('aria-label="ApplyToday Claims"');
    await page.goto(at("kba.localhost", "/"));
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/brand-assets/checkmycar-logo.svg");
  });
});
