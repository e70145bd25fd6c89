import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, setPasswordOnConfirmation, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";
import { drawSignature } from "./support/signature";

const PERSON = {
  firstName: "Imogen",
  lastName: "Thistlewood",
  dob: "14031985",
  dobIso: "1985-03-14",
  phone: "07700900123",
  postcode: "YO21 3PU",
};

/** Everything this origin keeps in localStorage and sessionStorage, as one string. */
const browserStorage = (page: Page) =>
  page.evaluate(() => JSON.stringify({ local: { ...window.localStorage }, session: { ...window.sessionStorage } }));

function expectNothingPersonal(stored: string, email: string) {
  for (const personal of [
    PERSON.firstName,
    PERSON.lastName,
    email,
    PERSON.phone,
    "900123",
    PERSON.dobIso,
    "14/03/1985",
    PERSON.postcode,
    "YO21",
    "Harbour Row",
    "data:image",
  ]) {
    expect(stored, `browser storage holds "${personal}"`).not.toContain(personal);
  }
}

async function checkScreen(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await captureBothWidths(page, `data-protection-${name}`);
}

test("nothing personal in the browser; answers come back from the server; export, then erasure from the portal", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("imogen.rights");
  const next = page.getByRole("button", { name: "Next Step" });
  await page.goto("/claim/v3b/get-started");
  await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
  await page.getByRole("button", { name: "Enter my address manually" }).click();
  await page.getByLabel("House number").fill("14");
  await page.getByLabel("Street").fill("Harbour Row");
  await page.getByLabel("Town or city").fill("Whitby");
  await page.getByLabel("Postcode").fill(PERSON.postcode);
  await next.click();
  await page.getByLabel("Title").selectOption("Ms");
  await page.getByLabel("First name").fill(PERSON.firstName);
  await page.getByLabel("Last name").fill(PERSON.lastName);
  await page.getByLabel("Date of birth").fill(PERSON.dob);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Mobile number").fill(PERSON.phone);
  await next.click();
  await expect(page).toHaveURL(/signature$/, { timeout: 10_000 });
  expectNothingPersonal(await browserStorage(page), email);

  // The visitor comes back on the same device (same cookies): the answers come from the server.
  await page.close();
  const back = await context.newPage();
  await back.goto("/claim/v3b/personal-details");
  await expect(back.getByLabel("First name")).toHaveValue(PERSON.firstName);
  await expect(back.getByLabel("Last name")).toHaveValue(PERSON.lastName);
  await expect(back.getByLabel("Email address")).toHaveValue(email);
  await expect(back.getByLabel("Title")).toHaveValue("Ms");
  await checkScreen(back, "restored-details");
  const backNext = back.getByRole("button", { name: "Next Step" });
  await backNext.click();
  await expect(back).toHaveURL(/signature$/, { timeout: 10_000 });
  await drawSignature(back);
  await backNext.click();
  await expect(back).toHaveURL(/select-claims$/, { timeout: 20_000 });
  expectNothingPersonal(await browserStorage(back), email);
  await back.getByRole("button", { name: "Submit" }).click();
  await expect(back).toHaveURL(/confirmation$/);
  await setPasswordOnConfirmation(back, email);
  await expect(back).toHaveURL(/\/portal$/);

  // Signed out: nothing of the claim is left in this browser.
  await back.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(back).toHaveURL(/\/login\?status=signed_out$/);
  const afterSignOut = await browserStorage(back);
  expectNothingPersonal(afterSignOut, email);
  expect(afterSignOut).not.toContain("claim-progress:");

  // Signed in again (the code at account setup proved the email): download everything, then erase it.
  await back.goto("/login");
  await back.getByLabel("Email address").fill(email);
  await back.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await back.getByRole("button", { name: "Sign in" }).click();
  await expect(back).toHaveURL(/\/portal$/);
  const yourData = back.getByRole("region", { name: "Your data" });
  const [download] = await Promise.all([back.waitForEvent("download"), yourData.getByRole("button", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(exported.claim_requests[0]).toMatchObject({
    first_name: PERSON.firstName,
    email,
    date_of_birth: PERSON.dobIso,
    signature: { format: "png" },
  });
  expect(exported.consent_events.map((e: { kind: string }) => e.kind).sort()).toEqual([
    "credit-search",
    "letter-of-authority",
    "terms-privacy",
  ]);
  expect(exported.consent_events.find((e: { kind: string }) => e.kind === "credit-search").text).toMatch(/credit/i);
  const signatureLink = yourData.getByRole("link", { name: /Download your signature for claim .* \(PNG\)/ });
  const [image] = await Promise.all([back.waitForEvent("download"), signatureLink.click()]);
  expect(
    readFileSync(await image.path())
      .subarray(1, 4)
      .toString(),
  ).toBe("PNG");
  await checkScreen(back, "portal-your-data");

  await yourData.getByRole("button", { name: "Erase my data" }).click();
  await yourData.getByLabel("Enter your password to confirm").fill("not my password");
  await yourData.getByRole("button", { name: "Erase my data permanently" }).click();
  await expect(yourData.getByRole("alert")).toHaveText("That password is not right. Your data has not been erased.");
  await checkScreen(back, "erase-confirm");
  await yourData.getByLabel("Enter your password to confirm").fill(PASSWORD);
  await yourData.getByRole("button", { name: "Erase my data permanently" }).click();
  await expect(back).toHaveURL(/\/login\?status=erased$/);
  await expect(back.getByRole("status")).toHaveText(/^Your data has been erased/);
  await checkScreen(back, "erased");
  expect(await back.getByText(PERSON.lastName).count()).toBe(0);
  expect((await back.request.get("/api/portal/claims")).status()).toBe(401);

  await back.getByLabel("Email address").fill(email);
  await back.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await back.getByRole("button", { name: "Sign in" }).click();
  await expect(back.getByRole("alert")).toHaveText("Email or password is incorrect");
});
