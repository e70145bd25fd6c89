/** The v3 credit-check screen's one-time code and error personas (server/providers/README.md), run in v3d. */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { completeV3Details } from "./support/v3Details";

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("claim-progress:fairdrive:v3d") ?? "{}"));

const start = async (page: Page, lastName: string) => {
  await page.goto("/claim/v3d/address");
  await completeV3Details(page, "v3d", { lastName, email: `${lastName.toLowerCase()}+${Date.now()}@example.com` });
  await expect(page).toHaveURL(/\/claim\/v3d\/credit-check$/);
};

test("surname Otp: the Verify Your Identity dialog takes the code, then the check finds agreements", async ({ page }) => {
  await start(page, "Otp");
  const dialog = page.getByRole("dialog", { name: "Verify Your Identity" });
  await expect(dialog).toBeVisible({ timeout: 15000 });
  await expect(dialog).toContainText("We've sent a verification code to your phone...");
  await expectNoAxeViolations(page, "otp dialog");
  await captureBothWidths(page, "v3d-4-otp");
  const code = dialog.getByLabel("Verification code");
  await code.fill("000000");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The code you entered is not correct. Check it and try again.");
  await expectNoAxeViolations(page, "otp dialog error");
  await captureBothWidths(page, "v3d-4b-otp-error");
  await code.fill("123456");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/claim\/v3d\/select-claims$/, { timeout: 20000 });
  await expect(page.getByRole("region", { name: "Agreements found in your credit file" }).locator("tbody tr").first()).toBeVisible();
  await expect.poll(() => stored(page)).toMatchObject({ creditCheckStatus: "success", creditCheckError: "" });
});

for (const [surname, message] of [
  ["Verifyfail", "Verification failed"],
  ["Blocked", "Verification BLOCK: Identity could not be confirmed"],
  ["Unverified", "Verification BLOCK: Unknown error"],
  ["Bureauerror", "We couldn't process your credit report. Please try again."],
  ["Garbled", "Error processing credit report"],
  ["Reportfail", "Failed to fetch credit report: 502"],
] as const) {
  test(`surname ${surname}: the Processing Error panel says '${message}', then the funnel moves on (by itself, or at once with Continue)`, async ({
    page,
  }) => {
    await start(page, surname);
    const panel = page.getByRole("alert").filter({ hasText: "Processing Error" });
    await expect(panel).toBeVisible({ timeout: 15000 });
    await expect(panel).toContainText(message);
    await expect(panel.getByRole("button", { name: "Try Again" })).toBeVisible();
    if (surname === "Verifyfail") {
      await expectNoAxeViolations(page, "processing error");
      await captureBothWidths(page, "v3d-4c-processing-error");
    }
    if (surname === "Verifyfail") {
      await expect(page).toHaveURL(/\/claim\/v3d\/select-claims$/, { timeout: 15000 }); // moves on by itself
    } else {
      await panel.getByRole("button", { name: "Continue" }).click(); // or at once, without waiting
      await expect(page).toHaveURL(/\/claim\/v3d\/select-claims$/);
    }
    // The completion was stored as an error with the message, and nothing was found.
    await expect.poll(() => stored(page)).toMatchObject({ creditCheckStatus: "error", creditCheckError: message, claimsFound: 0 });
    await expect(page.getByRole("region", { name: "Agreements found in your credit file" })).toHaveCount(0);
    if (surname !== "Garbled") return;
    // Submit, the last step's, submits the claim request; leaving select-claims records a success with the count
    // it goes on with, so the confirmation says none were found rather than that the check failed.
    const submitted = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/claim-requests"));
    await page.getByRole("button", { name: "Submit" }).click();
    expect((await submitted).postDataJSON()).toMatchObject({ version: "v3d", step: "select-claims" });
    await expect(page).toHaveURL(/\/claim\/v3d\/confirmation$/);
    await expect(page.getByRole("status").filter({ hasText: "We didn't find any claims matching your information" })).toBeVisible();
    await expect(page.getByText("We could not complete your credit check")).toHaveCount(0);
    await expectNoAxeViolations(page, "confirmation after a failed credit check");
    await captureBothWidths(page, "v3d-6-confirmation-after-failed-check");
  });
}

test("surname Otpretry: a failed run after the code reads 'Failed to retry. Please try again.'; Continue moves on at once", async ({
  page,
}) => {
  await start(page, "Otpretry");
  const dialog = page.getByRole("dialog", { name: "Verify Your Identity" });
  await dialog.getByLabel("Verification code").fill("123456");
  await dialog.getByRole("button", { name: "Verify" }).click();
  const panel = page.getByRole("alert").filter({ hasText: "Processing Error" });
  await expect(panel).toContainText("Failed to retry. Please try again.");
  await panel.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/claim\/v3d\/select-claims$/);
});

test("Try Again reloads and runs the check again", async ({ page }) => {
  await start(page, "Verifyfail");
  const panel = page.getByRole("alert").filter({ hasText: "Processing Error" });
  await expect(panel).toBeVisible({ timeout: 15000 });
  const runs: string[] = [];
  page.on("request", (r) => r.url().endsWith("/api/credit-check/run") && runs.push(r.url()));
  await panel.getByRole("button", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/claim\/v3d\/credit-check$/);
  await expect(page.getByRole("alert").filter({ hasText: "Verification failed" })).toBeVisible({ timeout: 15000 });
  expect(runs.length).toBeGreaterThanOrEqual(1);
});
