import { expect, test } from "@playwright/test";
import { emailCodeFor, PASSWORD, setPasswordOnConfirmation, uniqueEmail, v3bToConfirmation } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";

test("changing the email in the portal asks for the password, then the new address's code; other sessions end", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("maya.moves");
  const newEmail = uniqueEmail("maya.new");
  await v3bToConfirmation(page, { firstName: "Maya", lastName: "Moves", email });
  await setPasswordOnConfirmation(page, email);
  await expect(page).toHaveURL(/\/portal$/);

  // The same account signed in on another device.
  const deviceContext = await browser.newContext();
  const otherDevice = await deviceContext.newPage();
  expect((await otherDevice.request.post("/api/auth/login", { data: { email, password: PASSWORD } })).status()).toBe(200);

  const contact = page.getByRole("region", { name: "Your contact details" });
  await contact.getByRole("button", { name: "Change email" }).click();
  await contact.getByLabel("New email address").fill(newEmail);
  await contact.getByLabel("Your current password").fill("not my password");
  await contact.getByRole("button", { name: "Send a code to the new address" }).click();
  await expect(contact.getByText("That password is not right. Your email address has not been changed.")).toBeVisible();
  await expectNoAxeViolations(page, "portal-email-change-password");
  await captureBothWidths(page, "portal-email-change-password");

  await contact.getByLabel("Your current password").fill(PASSWORD);
  await contact.getByRole("button", { name: "Send a code to the new address" }).click();
  await contact.getByLabel("Confirmation code").fill(await emailCodeFor(page, newEmail));
  await contact.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your email address is updated." })).toBeVisible();
  expect((await (await page.request.get("/api/me")).json()).user.email).toBe(newEmail);
  // The old address is told, and the other device is signed out.
  const mails = (await (await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()).mails as { subject: string }[];
  expect(mails.some((m) => /email address was changed/.test(m.subject))).toBe(true);
  expect((await otherDevice.request.get("/api/me")).status()).toBe(401);
  await deviceContext.close();
});
