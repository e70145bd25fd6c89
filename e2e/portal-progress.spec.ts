/**
 * The portal beyond the claims list: a claim moves through three stages by signed CRM events and
 * the timeline shows each; the stage mail (with its portal link) is read from the sandbox mailbox;
 * a payout account is refused when the modulus check fails and shown masked once confirmed by the
 * mailed code. axe and screenshots at 390 and 1280 px on each new screen.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { SANDBOX_CRM_EVENTS_SECRET, signEvent } from "../server/crm/eventSignature";
import { loadCatalogue } from "../server/lenders/catalogue";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";

const blackHorse = loadCatalogue().lenders.find((l) => l.name === "Black Horse")!;

/** A signed-up claimant with one claim, made through the API in this browser's context (so it is signed in). */
async function claimantWithOneClaim(request: APIRequestContext, email: string): Promise<string> {
  const data = {
    hadFinance: "yes",
    address: { buildingName: "", houseNumber: "14", street: "Harbour Row", city: "Whitby", county: "", postcode: "YO21 3PU" },
    personalDetails: { title: "Ms", firstName: "Nadia", lastName: "Stages", dateOfBirth: "1985-03-14" },
    contactDetails: { email, phoneNumber: "07700900123", isTermsPolicyAgreed: true },
  };
  const created = await request.post("/api/claim-requests", { data: { version: "v3b", step: "personal-details", data } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;
  const signed = await request.post("/api/claim-requests", {
    data: { version: "v3b", step: "signature", claim_request_id: id, data: { ...data, signature: "typed:Nadia Stages" } },
  });
  expect(signed.status()).toBe(200);
  const saved = await request.post("/api/save-claims", {
    data: { claim_request_id: id, claims: [{ id: "tmp-1", lender_id: blackHorse.id, source: "manual" }] },
  });
  // Account setup as the funnel does it: a code mailed to the email first, then the account with it.
  expect((await request.post("/api/account/setup", { data: { claim_request_id: id, password: PASSWORD } })).status()).toBe(202);
  const mails = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(data.contactDetails.email)}`)).json()).mails as {
    subject: string;
  }[];
  const code = mails.map((m) => /code: (\d{6})$/.exec(m.subject)?.[1]).find(Boolean);
  expect((await request.post("/api/account/setup", { data: { claim_request_id: id, password: PASSWORD, code } })).status()).toBe(201);
  return (await saved.json()).data.claims[0].claim_reference as string;
}

async function crmEvent(request: APIRequestContext, claimReference: string, stage: string, occurredAt: string, amount?: number) {
  const body = JSON.stringify({
    id: `evt_${stage}_${claimReference}`,
    type: "claim.stage_changed",
    occurred_at: occurredAt,
    data: { claim_reference: claimReference, stage, ...(amount ? { amount } : {}) },
  });
  const { timestamp, signature } = signEvent(body, SANDBOX_CRM_EVENTS_SECRET);
  const res = await request.post("/api/crm/events", {
    headers: { "content-type": "application/json", "x-timestamp": timestamp, "x-signature": signature },
    data: body,
  });
  expect(res.status()).toBe(200);
}

const currentStage = (page: Page) => page.getByRole("list", { name: "Stages of your Black Horse claim" }).locator("[aria-current=step]");

async function latestMail(page: Page, email: string, subject: RegExp): Promise<string> {
  let text = "";
  await expect(async () => {
    const { mails } = await (await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json();
    text = mails.find((m: { subject: string }) => subject.test(m.subject))?.text ?? "";
    expect(text).not.toBe("");
  }).toPass({ timeout: 5000 });
  return text;
}

test("a claim moves through stages by signed CRM events; the payout account is checked, confirmed and masked", async ({ page }) => {
  const email = uniqueEmail("nadia.stages");
  const reference = await claimantWithOneClaim(page.request, email);
  await page.goto("/portal");
  const progress = page.getByRole("region", { name: "Where your claims are" });
  await expect(currentStage(page)).toContainText("Claim submitted");
  // The first visit is greeted as one (metadata first_login), later visits are not.
  await expect(page.getByText("Welcome to your claims portal, Nadia.")).toBeVisible();
  await expectNoAxeViolations(page, "portal first visit");
  await captureBothWidths(page, "portal-first-visit");
  await expect(progress.getByText("Amount:")).toHaveCount(0);

  // Three stages, each by a signed event from the CRM; the timeline follows after a reload.
  const stages = [
    ["lender-contacted", "Lender contacted", "2026-01-12T10:00:00Z"],
    ["lender-response", "Lender's response", "2026-03-02T10:00:00Z"],
    ["offer", "Offer", "2026-04-20T10:00:00Z"],
  ] as const;
  for (const [stage, label, at] of stages) {
    await crmEvent(page.request, reference, stage, at, stage === "offer" ? 1480 : undefined);
    await page.reload();
    await expect(currentStage(page)).toContainText(label);
  }
  await expect(page.getByText("Welcome back, Nadia.")).toBeVisible();
  await expect(progress.getByText("Amount: £1,480")).toBeVisible();
  await expect(progress.getByText("An offer has been made.")).toBeVisible();
  await expect(currentStage(page)).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Stages of your Black Horse claim" }).getByRole("listitem").nth(1)).toContainText(
    "12 Jan 2026",
  );

  // The stage mail, read through the sandbox mailbox, links to the portal.
  const mail = await latestMail(page, email, /: Offer$/);
  expect(mail).toContain(reference);
  const link = /(http:\/\/\S+\/portal)\b/.exec(mail)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(progress).toBeVisible();
  await expectNoAxeViolations(page, "portal with progress");
  await captureBothWidths(page, "portal-progress");

  // Payout account: a pair that fails the modulus check is refused with a clear message.
  const payout = page.getByRole("region", { name: "Where we pay your compensation" });
  await payout.getByRole("button", { name: "Add bank account" }).click();
  await payout.getByLabel("Name on the account").fill("Nadia Stages");
  await payout.getByLabel("Sort code").fill("93-80-63");
  await payout.getByLabel("Account number").fill("15763217");
  await payout.getByRole("button", { name: "Save bank account" }).click();
  await expect(payout.getByText("This sort code and account number do not go together.", { exact: false })).toBeVisible();
  await expect(payout.getByLabel("Account number")).toHaveAttribute("aria-invalid", "true");
  await expect(payout.getByLabel("Sort code")).toHaveValue("93-80-63");
  await expectNoAxeViolations(page, "payout account refused");
  await captureBothWidths(page, "portal-payout-refused");

  // A valid pair, confirmed with the mailed code, is shown masked.
  await payout.getByLabel("Sort code").fill("08-99-99");
  await payout.getByLabel("Account number").fill("66374958");
  await payout.getByRole("button", { name: "Save bank account" }).click();
  await expect(payout.getByLabel("Confirmation code")).toBeVisible();
  await expectNoAxeViolations(page, "payout code");
  await captureBothWidths(page, "portal-payout-code");
  const code = /\b(\d{6})\b/.exec(await latestMail(page, email, /confirmation code/))![1];
  await payout.getByLabel("Confirmation code").fill(code);
  await payout.getByRole("button", { name: "Confirm" }).click();
  await expect(payout.getByText("Your payout account is saved.")).toBeVisible();
  await expect(payout.getByText("••-••-99")).toBeVisible();
  await expect(payout.getByText("••••4958")).toBeVisible();
  await expect(page.getByText("66374958")).toHaveCount(0);
  expect(await latestMail(page, email, /payout account was changed/)).toContain("••••4958");
  await expectNoAxeViolations(page, "payout saved");
  await captureBothWidths(page, "portal-payout-saved");

  // Contact details: the email change form.
  const contact = page.getByRole("region", { name: "Your contact details" });
  await contact.getByRole("button", { name: "Change email" }).click();
  await expect(contact.getByLabel("New email address")).toBeVisible();
  await expectNoAxeViolations(page, "contact email change");
  await captureBothWidths(page, "portal-contact-email");
});
