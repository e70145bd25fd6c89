/**
 * Moves focus to the step's heading so screen readers announce the new step.
 * Lazy blocks may render their heading a moment later, so this waits for it
 * (briefly) instead of giving up.
 */
export function focusWhenPresent(container: HTMLElement, selector: string, timeoutMs = 3000): () => void {
  const tryFocus = () => {
    const element = container.querySelector<HTMLElement>(selector);
    if (!element) return false;
    element.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(container, { childList: true, subtree: true });
  return stop;
}
