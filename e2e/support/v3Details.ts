import { expect, type Page } from "@playwright/test";
import { drawSignature } from "./signature";

/** Address, details and signature of a v3 family funnel; returns at the credit-check or later. */
export async function completeV3Details(
  page: Page,
  version: string,
  person: { lastName: string; email: string },
  check?: (name: string) => Promise<void>,
) {
  const next = page.getByRole("button", { name: version === "v3d" ? "Start Your Claim" : "Next Step" });
  await expect(next).toBeDisabled();
  await page.getByRole("combobox", { name: "What is your current address?" }).fill("10 Dow");
  await page.getByRole("option").first().click();
  await expect(page.getByRole("button", { name: "Search again" })).toBeVisible();
  await expect(next).toBeEnabled();
  await check?.("1b-address-selected");
  await next.click();

  const nextStep = page.getByRole("button", { name: "Next Step" });
  await expect(page).toHaveURL(new RegExp(`/claim/${version}/personal-details$`));
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expect(nextStep).toBeDisabled();
  await page.getByLabel("Title").selectOption("Mr");
  await page.getByLabel("First name").fill("Owen");
  await expect(nextStep).toBeDisabled();
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Date of birth").fill("02091982");
  await page.getByLabel("Email address").fill(person.email);
  await page.getByLabel("Mobile number").fill("07700 900321");
  await expect(nextStep).toBeEnabled();
  await check?.("2-personal-details");
  await nextStep.click();

  await expect(page).toHaveURL(new RegExp(`/claim/${version}/signature$`), { timeout: 10000 });
  await expect(nextStep).toBeDisabled();
  await drawSignature(page);
  await expect(nextStep).toBeEnabled();
  await check?.("3-signature");
  await nextStep.click();
}
