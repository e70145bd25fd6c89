/** Whole-page actions, in their own module so DOM tests can stand in for them. */
export function reloadPage(): void {
  window.location.reload();
}
