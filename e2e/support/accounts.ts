import { expect, request, type APIRequestContext, type Page } from "@playwright/test";
import { newPartnerNonce, partnerSignature } from "../../server/affiliates/partnerAuth";
import { SANDBOX_PARTNER, signAffiliateToken } from "../../server/auth/affiliateLinks";
import { drawSignature } from "./signature";

export const PASSWORD = "correct horse battery";

export const uniqueEmail = (name: string) => `${name}+${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;

/** Drives the v3b funnel through the browser to the confirmation step (address by hand, a drawn signature). */
export async function v3bToConfirmation(page: Page, person: { firstName: string; lastName: string; email: string }) {
  const next = page.getByRole("button", { name: "Next Step" });
  await page.goto("/claim/v3b/get-started");
  await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
  await page.getByRole("button", { name: "Enter my address manually" }).click();
  await page.getByLabel("House number").fill("14");
  await page.getByLabel("Street").fill("Harbour Row");
  await page.getByLabel("Town or city").fill("Whitby");
  await page.getByLabel("Postcode").fill("YO21 3PU");
  await next.click();
  await expect(page).toHaveURL(/personal-details$/);
  await page.getByLabel("Title").selectOption("Ms");
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Date of birth").fill("14031985");
  await page.getByLabel("Email address").fill(person.email);
  await page.getByLabel("Mobile number").fill("07700 900123");
  await next.click();
  await expect(page).toHaveURL(/signature$/, { timeout: 10_000 });
  await drawSignature(page);
  await next.click();
  await expect(page).toHaveURL(/select-claims$/, { timeout: 20_000 });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/confirmation$/);
}

/** The newest account-setup code mailed to an address (test-only mailbox endpoint), once it has arrived. */
export async function emailCodeFor(page: Page, email: string, after = 0): Promise<string> {
  let code = "";
  await expect(async () => {
    // The page's own server (some specs start one of their own, on a brand's *.localhost name, which only the
    // browser resolves): asked on 127.0.0.1 at its port.
    const server = new URL(page.url());
    if (server.hostname.endsWith(".localhost")) server.hostname = "127.0.0.1";
    const res = await page.request.get(`${server.origin}/api/dev/mail?to=${encodeURIComponent(email)}`);
    const { mails } = (await res.json()) as { mails: { subject: string }[] };
    // The subject ends in the code, in whichever language the mail is written.
    const codes = mails.map((m) => /: (\d{6})$/.exec(m.subject)?.[1]).filter(Boolean) as string[];
    expect(codes.length).toBeGreaterThan(after);
    code = codes[0];
  }).toPass({ timeout: 5000 });
  return code;
}

/**
 * Sets the password on the confirmation step. The claim's email was not proven earlier in these funnels, so the
 * first press mails a code to it; the code from the mailbox is entered and the account is created with it.
 */
export async function setPasswordOnConfirmation(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Create a password").fill(password);
  await page.getByLabel("Confirm your password").fill(password);
  await page.getByRole("button", { name: "Create my account" }).click();
  await enterSetupCode(page, email);
}

/** The password setup's code box, after the first press mailed a code: the code, then Confirm. */
export async function enterSetupCode(page: Page, email: string) {
  await expect(page.getByLabel("Code from the email")).toBeVisible();
  await page.getByLabel("Code from the email").fill(await emailCodeFor(page, email));
  await page.getByRole("button", { name: "Confirm and create my account" }).click();
}

/** The submitting flow's email-code dialog (v1/v2): the code from the mailbox, then Confirm. */
export async function enterSubmittingCode(page: Page, email: string) {
  const dialog = page.getByRole("dialog", { name: "Confirm your email address" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByLabel("Code from the email").fill(await emailCodeFor(page, email));
  await dialog.getByRole("button", { name: "Confirm" }).click();
}

/** Claim references the portal lists, in order. */
export async function portalReferences(page: Page): Promise<string[]> {
  const cards = page.getByRole("list", { name: "Your claims" }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  return cards.locator("dt:text-is('Claim reference') + dd").allInnerTexts();
}

/**
 * A claim request a partner hands over through the partner API (HMAC-signed as the sandbox partner), with its
 * credit search run unless `fields` says otherwise (`fields` adds top-level request fields such as brand_id).
 */
export async function partnerClaim(
  baseURL: string,
  person: { firstName: string; lastName: string; email: string },
  fields: Record<string, unknown> = {},
): Promise<{ claimId: string; link: string }> {
  const partner: APIRequestContext = await request.newContext({ baseURL });
  const path = "/api/partners/claims";
  const body = JSON.stringify({
    ...fields,
    consumer: {
      title: "Mrs",
      first_name: person.firstName,
      last_name: person.lastName,
      date_of_birth: "1984-03-17",
      email: person.email,
      phone_number: "07700900123",
      address: { house_number: "10", street: "Downing Close", city: "London", postcode: "SW1A 2DX" },
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = newPartnerNonce();
  const created = await partner.post(path, {
    data: body,
    headers: {
      "content-type": "application/json",
      "x-partner-id": SANDBOX_PARTNER.id,
      "x-partner-timestamp": timestamp,
      "x-partner-nonce": nonce,
      "x-partner-signature": partnerSignature(SANDBOX_PARTNER.secret, { timestamp, nonce, method: "POST", path, body }),
    },
  });
  expect(created.status()).toBe(201);
  const answer = await created.json();
  await partner.dispose();
  return { claimId: answer.claim_request_id as string, link: answer.link as string };
}

/** The claim request's id only (the guard specs sign their own links). */
export const partnerClaimRequest = async (baseURL: string, person: { firstName: string; lastName: string; email: string }) =>
  (await partnerClaim(baseURL, person)).claimId;

/** The sandbox partner's signed link (NODE_ENV=test) as a path; it lands on the continue page. */
export const affiliatePath = (claimRequestId: string, options: { minutes?: number; now?: number } = {}) =>
  `/api/affiliate/enter?token=${encodeURIComponent(signAffiliateToken(SANDBOX_PARTNER, claimRequestId, options).token)}`;

/** Opens a partner's link like the consumer: the continue page, then its button (a POST). */
export async function openAffiliateLink(page: Page, pathOrLink: string) {
  await page.goto(pathOrLink);
  await expect(page).toHaveURL(/\/affiliate\/continue$/);
  await page.getByRole("button", { name: "Continue to my claim" }).click();
}

/** The newest reset link in the sandbox mailbox for an address (test-only endpoint). */
export async function resetLinkFor(page: Page, email: string): Promise<string> {
  let link = "";
  await expect(async () => {
    const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
    const { mails } = await res.json();
    link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mails[0]?.text ?? "")?.[1] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 5000 });
  return link;
}

/** The newest email-verification link mailed to an address (test-only mailbox endpoint). */
export async function verifyLinkFor(page: Page, email: string): Promise<string> {
  let link = "";
  await expect(async () => {
    const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
    const { mails } = (await res.json()) as { mails: { text: string }[] };
    link = mails.map((m) => /(https?:\/\/\S+\/login\?verify=\S+)/.exec(m.text)?.[1]).find(Boolean) ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 5000 });
  return link;
}
