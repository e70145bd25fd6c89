/**
 * What a visitor did on the server-drawn page before the app was live, done again once it is. A button pressed
 * then did nothing: the page loader (renderer/public/page-loader.js) noted it on <html>, by its words and its place
 * among the page's buttons with the same words, and once the step is live it is pressed again, so the press counts. A press from the
 * moment React starts hydrating is React's own to handle (it replays it), so the loader stops noting them then
 * (`markLive`).
 */
const PRESSED = "pressedButton";
const LEFT = "leftFields";

/**
 * The fields the visitor left before the page was live (noted by name, or id, by the page loader) are left again,
 * unless the visitor is in one now: their handler for leaving (React's onBlur) hears a focusout, so they are checked
 * as they would have been.
 */
export function leaveAgainWhatWasLeftBeforeLive(root: ParentNode): void {
  const html = document.documentElement;
  html.dataset.stepLive = "";
  const noted = html.dataset[LEFT];
  if (noted === undefined) return;
  delete html.dataset[LEFT];
  let keys: unknown;
  try {
    keys = JSON.parse(noted);
  } catch {
    return;
  }
  if (!Array.isArray(keys)) return;
  const fields = [...root.querySelectorAll<HTMLElement>("input, select, textarea")];
  for (const key of keys) {
    const field = fields.find((f) => (f as HTMLInputElement).name === key || f.id === key);
    if (field && document.activeElement !== field) field.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  }
}

/** Called as React starts to hydrate the page: presses from now on are React's. */
export function markLive(): void {
  document.documentElement.dataset.live = "";
}

/** Whether a button was pressed before the page was live (to be pressed again once it is). */
export function pressedBeforeLive(): boolean {
  return document.documentElement.dataset[PRESSED] !== undefined;
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
