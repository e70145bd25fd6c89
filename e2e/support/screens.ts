import type { Page } from "@playwright/test";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Full-page screenshots at phone and desktop widths, for people to look at (screenshots/ is not committed).
 * Taken when E2E_SCREENSHOTS=1: nobody looks at them in a plain test run, and the 200-odd captures
 * (two resizes and two PNG encodes each) cost the run about half a minute of CPU.
 */
export const SCREENSHOTS_ON = process.env.E2E_SCREENSHOTS === "1";

export async function captureBothWidths(page: Page, name: string) {
  if (!SCREENSHOTS_ON) return;
  const original = page.viewportSize() ?? PHONE;
  for (const [label, size] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(50);
    await page.screenshot({ path: `screenshots/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(original);
}
