/**
 * Where the focus goes once a modal dialog has closed. The browser puts it back where it was when the dialog
 * opened; a dialog that opened as the page loaded (before the step's heading took the focus) had nowhere to
 * put it back, and the focus fell to the page's body, so the next Tab jumped to the end of the page. Then it
 * goes to `fallback`, or to the step's heading. The focus still on a control of the closed dialog counts as
 * lost: the browser moves it to the body at its next rendering.
 */
export function focusAfterDialog(dialog: HTMLElement | null, fallback?: HTMLElement | null): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected && !dialog?.contains(active)) return;
  const target = fallback?.isConnected ? fallback : document.querySelector<HTMLElement>("#main .step-heading");
  target?.focus();
}
