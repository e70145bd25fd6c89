import { flushHistoryWrites } from "../../routing/historyWrites";

/** Whole-page actions, in their own module so DOM tests can stand in for them. */
export function reloadPage(): void {
  // A page change still to be written to the address bar is written first, so the page shown is the one reloaded.
  flushHistoryWrites();
  window.location.reload();
}
