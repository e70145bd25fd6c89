import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Request } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureBothWidths } from "./support/screens";

// While the database restarts the API answers 503 with Retry-After (proved against a real PostgreSQL by the load
// harness and the PostgreSQL suite); here the browser side: the funnel retries with the same Idempotency-Key,
// then shows the notice, keeps every answer, and goes on once the service is back.

/** What the server says while the database is unavailable: the shared content's words, in English. */
const SERVICE_UNAVAILABLE: string = JSON.parse(readFileSync(join(import.meta.dirname, "..", "definitions", "content", "site.json"), "utf8"))
  .text.request.unavailable;

test("a 503 during a step keeps the visitor's answers, shows a retry notice, and the same key goes through later", async ({ page }) => {
  await page.goto("/claim/v3b/get-started");
  await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
  await page.getByRole("button", { name: "Enter my address manually" }).click();
  await page.getByLabel("House number").fill("14");
  await page.getByLabel("Street").fill("Harbour Row");
  await page.getByLabel("Town or city").fill("Whitby");
  await page.getByLabel("Postcode").fill("YO21 3PU");
  await page.getByRole("button", { name: "Next Step" }).click();
  await expect(page).toHaveURL(/personal-details$/);
  await page.getByLabel("Title").selectOption("Mr");
  await page.getByLabel("First name").fill("Tomasz");
  await page.getByLabel("Last name").fill("Nowak");
  await page.getByLabel("Date of birth").fill("02021979");
  await page.getByLabel("Email address").fill(`tomasz.nowak+${Date.now()}@example.com`);
  await page.getByLabel("Mobile number").fill("07700 900456");

  const attempts: Request[] = [];
  await page.route("/api/claim-requests", async (route) => {
    attempts.push(route.request());
    await route.fulfill({
      status: 503,
      headers: { "retry-after": "0" },
      contentType: "application/json",
      body: JSON.stringify({ error: SERVICE_UNAVAILABLE, retryable: true }),
    });
  });
  await page.getByRole("button", { name: "Next Step" }).click();
  await expect(page.getByRole("alert").filter({ hasText: SERVICE_UNAVAILABLE })).toBeVisible();
  // The first try and two retries, all with one key.
  expect(attempts).toHaveLength(3);
  const keys = new Set(attempts.map((r) => r.headers()["idempotency-key"]));
  expect(keys.size).toBe(1);
  expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page).toHaveURL(/personal-details$/);
  await expect(page.getByLabel("First name")).toHaveValue("Tomasz");
  await expect(page.getByLabel("Email address")).toHaveValue(/tomasz\.nowak/);
  await expectNoAxeViolations(page, "outage-notice");
  await captureBothWidths(page, "outage-notice");

  // The service is back: pressing Next again sends the same request under the same key, and the funnel moves on.
  await page.unroute("/api/claim-requests");
  const retried = page.waitForRequest((r) => r.url().endsWith("/api/claim-requests") && r.method() === "POST");
  await page.getByRole("button", { name: "Next Step" }).click();
  expect((await retried).headers()["idempotency-key"]).toBe([...keys][0]);
  await expect(page).toHaveURL(/signature$/, { timeout: 10000 });
});
