import type { Page } from "@playwright/test";

/** Draws a scribble on the signature canvas with the mouse, as a person would. */
export async function drawSignature(page: Page) {
  const canvas = page.locator("canvas").first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error("signature canvas not visible");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 18, y + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}
