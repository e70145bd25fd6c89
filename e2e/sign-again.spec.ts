/**
 * A visitor who signed, went back and corrected their last name: the server keeps the change only with a new
 * signature, so Next on the details takes them to the signature step, which says why; they sign again and finish.
 * The stored claim has the new name and a second letter of authority.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { setPasswordOnConfirmation, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";

// The notice is the editors' copy: read from the shared part, so an edit to it does not break this walk.
const signatureBlock = JSON.parse(readFileSync(new URL("../definitions/parts/blocks/signature.json", import.meta.url), "utf8"));

test("signed, Back, a new last name, signed again: the claim keeps the new name and both letters of authority", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("nell.resign");
  const next = page.getByRole("button", { name: "Next Step" });
  const back = page.getByRole("button", { name: "Back" });
  await page.goto("/claim/v3b/get-started");
  await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
  await page.getByRole("button", { name: "Enter my address manually" }).click();
  await page.getByLabel("House number").fill("3");
  await page.getByLabel("Street").fill("Church Lane");
  await page.getByLabel("Town or city").fill("Whitby");
  await page.getByLabel("Postcode").fill("YO21 3PU");
  await next.click();
  await expect(page).toHaveURL(/personal-details$/);
  await page.getByLabel("Title").selectOption("Ms");
  await page.getByLabel("First name").fill("Nell");
  await page.getByLabel("Last name").fill("Ashcombe");
  await page.getByLabel("Date of birth").fill("21071979");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Mobile number").fill("07700 900456");
  await next.click();
  await expect(page).toHaveURL(/signature$/, { timeout: 10_000 });
  await drawSignature(page);
  await next.click();
  await expect(page).toHaveURL(/select-claims$/, { timeout: 20_000 });

  // Signed. Back to the details, and a corrected last name.
  await back.click();
  await expect(page).toHaveURL(/signature$/);
  await back.click();
  await expect(page).toHaveURL(/personal-details$/);
  await page.getByLabel("Last name").fill("Ashcombe-Reyes");
  await next.click();

  // The signature step asks for a new signature, and says why; the old one is gone.
  await expect(page).toHaveURL(/signature$/, { timeout: 10_000 });
  await expect(page.getByRole("alert")).toHaveText(signatureBlock.props.signAgainNotice);
  await expect(next).toBeDisabled();
  await expectNoAxeViolations(page, "sign-again");
  await captureBothWidths(page, "sign-again");
  await drawSignature(page);
  await next.click();
  await expect(page).toHaveURL(/select-claims$/, { timeout: 20_000 });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/confirmation$/);
  await setPasswordOnConfirmation(page, email);
  await expect(page).toHaveURL(/\/portal$/);

  const exported = await (await page.request.get("/api/privacy/export")).json();
  expect(exported.claim_requests).toHaveLength(1);
  expect(exported.claim_requests[0]).toMatchObject({ first_name: "Nell", last_name: "Ashcombe-Reyes", signature: { format: "png" } });
  const authorities = exported.consent_events.filter((e: { kind: string }) => e.kind === "letter-of-authority");
  expect(authorities).toHaveLength(2);
});
