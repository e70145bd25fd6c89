/**
 * A button pressed on the server-drawn page before the app was live did nothing then. The page loader
 * (renderer/public/page-loader.js) noted it on <html>, by its words and its place among the page's buttons with
 * the same words; once the step is live it is pressed again, so the visitor's press counts. A press from the
 * moment React starts hydrating is React's own to handle (it replays it), so the loader stops noting them then
 * (`markLive`).
 */
const PRESSED = "pressedButton";

/** Called as React starts to hydrate the page: presses from now on are React's. */
export function markLive(): void {
  document.documentElement.dataset.live = "";
}

export function pressAgainWhatWasPressedBeforeLive(root: ParentNode): void {
  const html = document.documentElement;
  const noted = html.dataset[PRESSED];
  if (noted === undefined) return;
  delete html.dataset[PRESSED];
  let press: { words: string; index: number };
  try {
    press = JSON.parse(noted) as { words: string; index: number };
  } catch {
    return;
  }
  const same = [...root.querySelectorAll("button")].filter((button) => button.textContent?.trim() === press.words);
  const button = same[press.index];
  if (button && !button.disabled) button.click();
}
