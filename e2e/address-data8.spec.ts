/**
 * The funnel's address step with ADDRESS_PROVIDER=data8, in Chromium. This spec
 * starts the local Data8 PredictiveAddress stand-in (in the test process) and
 * its own server (`tsx server/main.ts` on a free port, in-memory PGlite) pointed
 * at it, beside the default sandbox webServer. A postcode search comes back
 * from "Data8" as a container, which the server drills down, so the visitor
 * picks from real addresses.
 */
import { expect, test } from "@playwright/test";
import { startData8StandIn, type Data8StandIn } from "../server/providers/address/data8StandIn";
import { expectNoAxeViolations } from "./support/axe";
import { spawnServer, type SpawnedServer } from "./support/spawnServer";

const KEY = "e2e-data8-key";
let standIn: Data8StandIn;
let server: SpawnedServer | undefined;
let baseUrl = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  standIn = await startData8StandIn({ key: KEY });
  server = await spawnServer({
    PORT: "0",
    PGLITE_DIR: "memory://",
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    ADDRESS_PROVIDER: "data8",
    DATA8_API_KEY: KEY,
    DATA8_BASE_URL: standIn.url,
    ...(process.env.RENDERER_DIR ? { RENDERER_DIR: process.env.RENDERER_DIR } : {}),
  });
  baseUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

test.describe("address step with ADDRESS_PROVIDER=data8", () => {
  test("a postcode search is drilled down, the visitor picks an address, and the funnel moves on", async ({ page }) => {
    const next = page.getByRole("button", { name: "Next Step" });
    await page.goto(`${baseUrl}/claim/v3b/get-started`);
    await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
    await expect(page).toHaveURL(/\/claim\/v3b\/address$/);
    await expect(next).toBeDisabled();

    await page.getByRole("combobox", { name: "Search for your address" }).fill("SW1A 2DX");
    const pick = page.getByRole("option", { name: "10 Downing Close, London, SW1A 2DX" });
    await expect(pick).toBeVisible({ timeout: 5000 });
    // Only addresses are offered, never Data8's "N addresses" container.
    await expect(page.getByRole("option", { name: /addresses$/ })).toHaveCount(0);
    expect(standIn.calls.map((c) => c.operation)).toEqual(expect.arrayContaining(["Search", "DrillDown"]));
    await expectNoAxeViolations(page, "data8 address results");
    await pick.click();

    const card = page.locator("address");
    await expect(card).toContainText("10 Downing Close");
    await expect(card).toContainText("London");
    await expect(card).toContainText("SW1A 2DX");
    expect(standIn.calls.some((c) => c.operation === "Retrieve")).toBe(true);
    await expect(page.getByRole("button", { name: "Search again" })).toBeVisible();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page).toHaveURL(/\/claim\/v3b\/personal-details$/);
  });

  test("a Data8 failure (Status.Success false) shows the spec's search message", async ({ page }) => {
    await page.goto(`${baseUrl}/claim/v3b/get-started`);
    await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
    await expect(page).toHaveURL(/\/claim\/v3b\/address$/);
    await page.getByRole("combobox", { name: "Search for your address" }).fill("FAIL Downing");
    await expect(page.getByRole("alert")).toContainText(
      "Sorry, we're having trouble searching for addresses right now. Please try entering your address manually.",
      { timeout: 5000 },
    );
    await expect(page.getByRole("option")).toHaveCount(0);
  });
});
