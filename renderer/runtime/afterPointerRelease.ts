/**
 * Runs a callback once the pointer that is pressed now is released and its click has landed, or at once when
 * no pointer is pressed. A field checked when it loses focus shows its error above itself, which moves the page;
 * when the focus left because the visitor pressed on something further down (a radio, a button), the press
 * would end somewhere else and the click would be lost. So the check waits for the click.
 */
let pressed = false;
let waiting: Array<() => void> = [];
let listening = false;

function flush() {
  pressed = false;
  // After the click that follows pointerup; until then the click may still drop them (dropWaitingChecks).
  if (waiting.length) setTimeout(runWaiting, 0);
}

function runWaiting() {
  const callbacks = waiting;
  waiting = [];
  callbacks.forEach((callback) => callback());
}

function listen() {
  if (listening || typeof document === "undefined") return;
  listening = true;
  document.addEventListener("pointerdown", () => (pressed = true), true);
  document.addEventListener("pointerup", flush, true);
  document.addEventListener("pointercancel", flush, true);
}

export function afterPointerRelease(callback: () => void): void {
  listen();
  if (pressed) waiting.push(callback);
  else callback();
}

/**
 * Forgets the checks still waiting for the press to end: Next, which the press landed on, found every field of
 * the step valid and leaves it, so they would only draw the step again, with nothing to show, on the way out.
 */
export function dropWaitingChecks(): void {
  waiting = [];
}

/** Starts listening before the first press (the first blur may come from it). */
export function watchPointerPresses(): void {
  listen();
}
