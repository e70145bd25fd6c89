/**
 * The sample brand under the claims-firm rules (ClearPath, funnel v7, compliance profile cmcob), walked on a phone:
 * the free routes acknowledged with a reason and the outstanding-debt answer, the summary document (with the fee
 * illustration computed from the brand's fees) shown before the signature, then the claim as in v3b. What was
 * recorded is read back through the consumer's own export: the three recorded answers as consent events with the
 * words shown; the letter of authority's PDF from the portal, and the same PDF at the sandbox CRM (its signed event,
 * through the outbox); the summary's PDF, from the dev mailbox, with the fee illustration and the free routes. Screens and axe at 390 and 1280 px of each new screen.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "./support/e2eServer";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths, DESKTOP, PHONE } from "./support/screens";
import { drawSignature } from "./support/signature";
import { setPasswordOnConfirmation } from "./support/accounts";
import { readPdf } from "../server/testing/pdfText";

const at = (path: string) => `http://clearpath.localhost:${E2E_PORT}${path}`;

/** axe at both widths (the new screens must hold at each), and the screenshots when they are asked for. */
async function checkStep(page: Page, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, `${name} at ${size.width} px`);
  }
  await captureBothWidths(page, `cmcob-${name}`);
}

test.use({ viewport: PHONE });

test("ClearPath (cmcob): free routes and debt recorded, the summary before the signature, then the claim", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `nadia.osei+${Date.now()}@example.com`;
  const next = page.getByRole("button", { name: "Next Step" });

  await page.goto(at("/claim/v7/get-started"));
  // The claimable years come from the brand's windows (the redress scheme's), through a placeholder.
  await expect(page.getByRole("heading", { level: 1, name: "Did you have car finance between 2007 and 2024?" })).toBeVisible();
  await expect(page.getByText("On £829 of redress our fee is £207.25 plus £41.45 VAT at 20%")).toBeVisible();
  await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();

  await expect(page).toHaveURL(/\/claim\/v7\/address$/);
  await page.getByRole("combobox", { name: "Search for your address" }).fill("SW1A 2");
  await page.getByRole("option").first().click();
  await expect(page.getByRole("button", { name: "Search again" })).toBeVisible();
  await next.click();

  await expect(page).toHaveURL(/\/claim\/v7\/personal-details$/);
  await page.getByLabel("Title").selectOption("Ms");
  await page.getByLabel("First name").fill("Nadia");
  await page.getByLabel("Last name").fill("Osei");
  await page.getByLabel("Date of birth").fill("21061983");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Mobile number").fill("07700 900654");
  await next.click();

  // The free routes: the redress scheme's message, the confirmation, the reason and the debt question with set-off.
  await expect(page).toHaveURL(/\/claim\/v7\/free-routes$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1, name: "You can claim for free" })).toBeVisible();
  await expect(page.getByRole("region", { name: "The FCA's redress scheme" })).toContainText("invite you to opt in");
  await expect(next).toBeDisabled();
  await checkStep(page, "1-free-routes");
  await page.getByRole("checkbox", { name: /I understand that I can complain to my lender/ }).check();
  await page.getByRole("radio", { name: "I do not have the time to do it myself" }).check();
  await page.getByLabel("Tell us more (optional)").fill("Two young children and shift work");
  await page.getByRole("radio", { name: "I am not sure" }).check();
  await expect(page.getByText("this is called set-off")).toBeVisible();
  await expect(next).toBeEnabled();
  await next.click();

  // The summary document, before the signature: services, fees computed from the brand's bands, the right to cancel.
  await expect(page).toHaveURL(/\/claim\/v7\/summary$/, { timeout: 10_000 });
  const summary = page.getByRole("article", { name: "ClearPath Claims: summary of our service" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("heading", { name: "You do not need to use us" })).toBeVisible();
  await expect(summary.getByRole("heading", { name: "Your right to cancel" })).toBeVisible();
  await expect(summary).toContainText("6 April 2007 to 31 March 2014, or 1 April 2014 to 1 November 2024");
  const average = summary.getByRole("row").filter({ hasText: "£829" });
  await expect(average.getByRole("cell")).toHaveText(["£207.25", "£41.45", "£248.70", "£580.30"]);
  await expect(page.locator("canvas")).toHaveCount(0);
  await checkStep(page, "2-summary");
  await next.click();

  await expect(page).toHaveURL(/\/claim\/v7\/signature$/, { timeout: 10_000 });
  // Leaving the summary emailed it as a PDF, before the signature: read from the dev mailbox, parsed.
  const mails = await page.evaluate(async (to) => (await (await fetch(`/api/dev/mail?to=${encodeURIComponent(to)}`)).json()).mails, email);
  const summaryMail = (mails as { subject: string; attachments?: { contentBase64: string }[] }[]).find(
    (m) => m.subject === "ClearPath Claims: summary of our service",
  )!;
  const summaryPdf = await readPdf(Buffer.from(summaryMail.attachments![0].contentBase64, "base64"));
  expect(summaryPdf.text).toContain("Redress £829: Our fee (no VAT) £207.25, VAT £41.45, Fee with VAT £248.70, You keep £580.30");
  expect(summaryPdf.text).toContain("You do not need to use us");
  expect(summaryPdf.text).toContain("FCA's redress scheme gives redress without a claims firm");
  await drawSignature(page);
  await next.click();

  await expect(page).toHaveURL(/\/claim\/v7\/select-claims$/, { timeout: 30_000 });
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/claim\/v7\/confirmation$/, { timeout: 20_000 });
  await expect(page.getByRole("region", { name: "What our fee would be" })).toBeVisible();
  await checkStep(page, "3-confirmation-fees");
  await setPasswordOnConfirmation(page, email, "correct horse battery");
  await expect(page).toHaveURL(/\/portal$/, { timeout: 20_000 });

  // The signed letter of authority, downloaded from the portal's link: the consumer's name and the signature image.
  await expect(page.getByRole("link", { name: "Letter of authority" })).toBeVisible();
  await checkStep(page, "4-portal-letter");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Letter of authority" }).click()]);
  const letter = await readPdf(readFileSync(await download.path()));
  expect(letter.text).toContain("Name: Ms Nadia Osei");
  expect(letter.text).toContain("funnel version v7");
  expect(letter.images).toBe(1);

  // What was recorded, through the consumer's own export: each answer once, with the words shown.
  // Fetched by the page: the brand's host name resolves in the browser, not in the test's own process.
  const exported = await page.evaluate(async () => (await fetch("/api/privacy/export")).json());
  const events = exported.consent_events as { kind: string; funnel_version: string; step_id: string; text: string }[];
  const byKind = new Map(events.map((e) => [e.kind, e]));
  expect([...byKind.keys()]).toEqual(
    expect.arrayContaining([
      "free-route-confirmation",
      "free-route-reason",
      "free-route-reason-detail",
      "outstanding-debt",
      "letter-of-authority",
    ]),
  );
  expect(byKind.get("free-route-confirmation")).toMatchObject({ funnel_version: "v7", step_id: "free-routes" });
  expect(byKind.get("free-route-confirmation")!.text).toContain(
    "The FCA's motor finance redress scheme lets you get redress from your lender",
  );
  expect(byKind.get("free-route-reason")!.text).toMatch(/Answer: I do not have the time to do it myself$/);
  expect(byKind.get("free-route-reason-detail")!.text).not.toContain("shift work");
  expect(byKind.get("outstanding-debt")!.text).toContain("this is called set-off");
  expect(byKind.get("outstanding-debt")!.text).toMatch(/Answer: I am not sure$/);
  expect(byKind.get("summary-document")).toMatchObject({ step_id: "summary" });
  expect(byKind.get("summary-document")!.text).toMatch(/PDF sha256: [0-9a-f]{64}$/);

  // The CRM (the brand's sandbox CRM) got the signed letter of authority through the outbox: the letter downloaded.
  const claimRequestId = exported.claim_requests[0].id as string;
  const letterSha256 = createHash("sha256")
    .update(readFileSync(await download.path()))
    .digest("hex");
  const crmEvents = () =>
    page.evaluate(async (id) => (await (await fetch(`/api/dev/crm?claim_request_id=${id}`)).json()).events, claimRequestId);
  await expect
    .poll(
      async () =>
        (await crmEvents()).map((e: { type: string; data: { document: { sha256: string } } }) => [e.type, e.data.document.sha256]),
      {
        timeout: 20_000,
      },
    )
    .toEqual([["client.letter_of_authority_signed", letterSha256]]);
});
