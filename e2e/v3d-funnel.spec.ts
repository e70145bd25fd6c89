import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths, DESKTOP, PHONE } from "./support/screens";
import { completeV3Details } from "./support/v3Details";

async function checkStep(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `v3d-${name}`);
}

test.describe("v3d landing", () => {
  for (const [label, size] of [
    ["390 px", PHONE],
    ["1280 px", DESKTOP],
  ] as const) {
    test(`the address step is a landing page with the banner, top bar and testimonials at ${label}`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto("/claim/v3d/address");
      const header = page.getByRole("banner");
      await expect(header.getByText("You could be owed compensation**")).toBeVisible();
      await expect(header.getByText("Based on 7,042 reviews")).toBeVisible();
      await expect(
        page.getByRole("heading", { level: 1, name: "Did You Use Car Finance Between 2007 and 2021? You Might Be Owed Thousands" }),
      ).toBeVisible();
      const search = page.getByRole("combobox", { name: "What is your current address?" });
      await expect(search).toHaveAttribute("placeholder", "Start typing your address...");
      await expect(page.getByRole("button", { name: "Start Your Claim" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
      await expect(page.getByText("It takes just 60 seconds!")).toBeVisible();
      await expect(page.getByText("SSL secure")).toBeVisible();
      const how = page.getByRole("region", { name: "How it Works" });
      await expect(how.getByRole("listitem")).toHaveCount(5);

      // The header's chrome never covers the page heading.
      const headerBox = (await header.boundingBox())!;
      const h1Box = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
      expect(h1Box.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);

      const section = page.getByRole("region", { name: "What our customers say" });
      if (size === PHONE) {
        const carousel = page.getByRole("region", { name: "Customer testimonials" });
        await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
        await expect(carousel.getByRole("group", { name: "1 of 10" })).toBeVisible();
        await expect(carousel.getByRole("group", { name: "2 of 10" })).toBeVisible({ timeout: 7000 }); // rotated after 5 s
        await carousel.getByRole("button", { name: "Pause testimonials" }).click();
        await expect(carousel.getByRole("button", { name: "Play testimonials" })).toBeVisible();
        await carousel.getByRole("button", { name: "Next testimonial" }).click();
        await expect(carousel.getByRole("group", { name: "3 of 10" })).toBeVisible();
        await expect(carousel.getByRole("heading", { level: 3 }).filter({ visible: true })).toHaveText(/^(\S+\s){0,4}\S+…?$/);
      } else {
        await expect(page.getByRole("region", { name: "Customer testimonials" })).toHaveCount(0);
        await expect(section.getByRole("heading", { level: 3 })).toHaveCount(10);
        const boxes = await section.getByRole("article").evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().top));
        expect(boxes[0]).toBe(boxes[1]); // two columns side by side
        await expect(section.getByRole("heading", { level: 3 }).first()).toHaveText("Absolutely brilliant service from start…");
      }
      await expectNoAxeViolations(page, `v3d landing ${label}`);
    });
  }

  test("reduced motion: the carousel does not rotate", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce", viewport: PHONE });
    const page = await context.newPage();
    // The page's own clock: six seconds of its time pass at once, instead of the test waiting them (it rotates every five).
    await page.clock.install();
    await page.goto("/claim/v3d/address");
    const carousel = page.getByRole("region", { name: "Customer testimonials" });
    await expect(carousel.getByRole("button", { name: "Play testimonials" })).toBeVisible();
    await page.clock.runFor(6000);
    await expect(carousel.getByRole("group", { name: "1 of 10" })).toBeVisible();
    await context.close();
  });
});

test.describe("v3d funnel", () => {
  test("a visitor starts from the landing page; later steps show the average refund banner; the claim is stored", async ({ page }) => {
    const email = `nia.roberts+${Date.now()}@example.com`;
    await page.goto("/claim/v3d/address");
    await checkStep(page, "1-landing");
    await completeV3Details(page, "v3d", { lastName: "Roberts", email }, async (name) => {
      if (name !== "1b-address-selected") await expect(page.getByRole("banner").getByText("Average Refund of £950**")).toBeVisible();
      await expect(page.getByRole("banner").getByText("Based on 7,042 reviews")).toBeVisible();
      await checkStep(page, name);
    });
    await expect(page).toHaveURL(/\/claim\/v3d\/select-claims$/, { timeout: 20000 });
    await expect(page.getByRole("banner").getByText("Average Refund of £950**")).toBeVisible();
    const rows = page.getByRole("region", { name: "Agreements found in your credit file" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible(); // the lazy lender picker has rendered
    const found = await rows.count();
    await checkStep(page, "5-select-claims");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/claim\/v3d\/confirmation$/);
    await expect(page.getByText(`We have found ${found} valid claim(s)`)).toBeVisible();
    await checkStep(page, "6-confirmation");

    // The progress copy is written when the browser is next idle (within a second of a change).
    const storedId = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem("claim-progress:fairdrive:v3d") ?? "{}").claim_request_id as string | undefined);
    await expect.poll(storedId).toEqual(expect.any(String));
    const id = (await storedId()) as string;
    const record = await (await page.request.get(`/api/claim-requests/${id}`)).json();
    expect(record).toMatchObject({ first_name: "Owen", last_name: "Roberts", email, date_of_birth: "1982-09-02" });
    expect(record.claims).toHaveLength(found);
    expect(
      record.claims.every(
        (c: { source: string; claim_reference: string }) =>
          c.source === "credit-check" && c.claim_reference.startsWith(record.claim_reference),
      ),
    ).toBe(true);
  });

  test("an unknown step goes to the landing page keeping the query", async ({ page }) => {
    await page.goto("/claim/v3d/nope?utm_campaign=spring");
    await expect(page).toHaveURL(/\/claim\/v3d\/address\?utm_campaign=spring$/);
  });
});
