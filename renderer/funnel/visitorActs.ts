/**
 * Resolves at the visitor's first action on the page: a press or touch, a key, typing, or a scroll. Code that
 * only Next needs (the Next press's own code, the next step's blocks, validation) waits for it, so a visitor
 * who arrives from an advert downloads only what draws the page they see, and the rest arrives while they read
 * or type, before Next. A focus the page moves itself (to a step's heading) is not an action; the events an
 * assistive technology sends for a visitor's own action are (click, keydown, input).
 */
const ACTIONS = ["pointerdown", "touchstart", "keydown", "input", "click", "scroll", "wheel"] as const;

/** The first action on a window from now on (capture: a scroll, which does not bubble, counts too). */
export function firstActionOn(target: Window): Promise<void> {
  return new Promise<void>((resolve) => {
    const onAction = () => {
      for (const type of ACTIONS) target.removeEventListener(type, onAction, true);
      resolve();
    };
    for (const type of ACTIONS) target.addEventListener(type, onAction, { capture: true, passive: true });
  });
}

// Listening starts when the script runs, before the page is hydrated, so an action taken meanwhile counts.
// The server's render has no visitor.
const acted = typeof window === "undefined" ? new Promise<void>(() => undefined) : firstActionOn(window);

export function whenVisitorActs(): Promise<void> {
  return acted;
}
