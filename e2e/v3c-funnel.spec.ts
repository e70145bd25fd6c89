import { expect, test, type Page } from "@playwright/test";
import { enterSetupCode } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { completeV3Details } from "./support/v3Details";

async function checkStep(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `v3c-${name}`);
}

test.describe("v3c funnel", () => {
  test("starts at the address, finds agreements, stores the claim request and claims", async ({ page }) => {
    const email = `owen.price+${Date.now()}@example.com`;
    await page.goto("/claim/v3c/address");
    await expect(page.getByRole("heading", { level: 1, name: "You could be owed thousands from mis-sold car finance" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 1 of 6");
    await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
    await checkStep(page, "1-address");
    await completeV3Details(page, "v3c", { lastName: "Price", email }, (name) => checkStep(page, name));

    await expect(page).toHaveURL(/\/claim\/v3c\/select-claims$/, { timeout: 20000 });
    const rows = page.getByRole("region", { name: "Agreements found in your credit file" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible(); // the lazy lender picker has rendered
    const found = await rows.count();
    expect(found).toBeGreaterThan(0);
    await page.getByRole("searchbox", { name: "Search for a lender" }).fill("moneybarn");
    await page.getByRole("button", { name: "Add Moneybarn" }).click();
    await checkStep(page, "5-select-claims");
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page).toHaveURL(/\/claim\/v3c\/confirmation$/);
    await expect(page.getByText(`We have found ${found + 1} valid claim(s)`)).toBeVisible();
    await checkStep(page, "6-confirmation");

    // The stored claim request and its claims, through the API (same visitor cookie).
    // The progress copy is written when the browser is next idle (within a second of a change).
    const storedId = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem("claim-progress:fairdrive:v3c") ?? "{}").claim_request_id as string | undefined);
    await expect.poll(storedId).toEqual(expect.any(String));
    const id = (await storedId()) as string;
    const record = await (await page.request.get(`/api/claim-requests/${id}`)).json();
    expect(record).toMatchObject({
      first_name: "Owen",
      last_name: "Price",
      email,
      phone_number: "07700900321",
      date_of_birth: "1982-09-02",
    });
    expect(record.address).toMatchObject({ street: expect.stringContaining("Downing"), postcode: "SW1A 2DX" });
    expect(record.signature).toMatch(/^data:image\/png;base64,/);
    expect(record.claims).toHaveLength(found + 1);
    expect(record.claims.filter((c: { source: string }) => c.source === "credit-check")).toHaveLength(found);
    expect(record.claims.find((c: { source: string }) => c.source === "manual").lender_name).toBe("Moneybarn");

    await page.getByLabel("Create a password").fill("correct horse battery");
    await page.getByLabel("Confirm your password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create my account" }).click();
    await enterSetupCode(page, email);
    await expect(page).toHaveURL(/\/portal$/);
  });

  test("an unknown step goes to address keeping the query; there is no get-started", async ({ page }) => {
    await page.goto("/claim/v3c/whatever?utm_source=tv");
    await expect(page).toHaveURL(/\/claim\/v3c\/address\?utm_source=tv$/);
    await page.goto("/claim/v3c/get-started");
    await expect(page).toHaveURL(/\/claim\/v3c\/address$/);
  });
});
