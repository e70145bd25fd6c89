import { expect, request, type APIRequestContext, type Page } from "@playwright/test";
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

export async function setPasswordOnConfirmation(page: Page, password = PASSWORD) {
  await page.getByLabel("Create a password").fill(password);
  await page.getByLabel("Confirm your password").fill(password);
  await page.getByRole("button", { name: "Create my account" }).click();
}

/** Claim references the portal lists, in order. */
export async function portalReferences(page: Page): Promise<string[]> {
  const cards = page.getByRole("list", { name: "Your claims" }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  return cards.locator("dt:text-is('Claim reference') + dd").allInnerTexts();
}

/** A claim request a partner hands over (details, unsigned, no account), made from a separate client. */
export async function partnerClaimRequest(baseURL: string, person: { firstName: string; lastName: string; email: string }): Promise<string> {
  const partner: APIRequestContext = await request.newContext({ baseURL });
  const created = await partner.post("/api/claim-requests", {
    data: {
      version: "v3b",
      step: "personal-details",
      data: {
        hadFinance: "yes",
        address: { buildingName: "", houseNumber: "10", street: "Downing Close", city: "London", county: "", postcode: "SW1A 2DX" },
        personalDetails: { title: "Mrs", firstName: person.firstName, lastName: person.lastName, dateOfBirth: "1984-03-17" },
        contactDetails: { email: person.email, phoneNumber: "07700900123", isTermsPolicyAgreed: true },
      },
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;
  // The partner's credit check found agreements already.
  expect((await partner.post("/api/credit-check/run", { data: { claim_request_id: id } })).ok()).toBe(true);
  await partner.dispose();
  return id;
}

/** The sandbox partner's signed link (NODE_ENV=test), as tools/affiliate-link.ts prints it, as a path. */
export const affiliatePath = (claimRequestId: string, options: { minutes?: number; now?: number } = {}) =>
  `/api/affiliate/enter?token=${encodeURIComponent(signAffiliateToken(SANDBOX_PARTNER, claimRequestId, options).token)}`;

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
