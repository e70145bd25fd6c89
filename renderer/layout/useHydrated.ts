/**
 * False while React hydrates server-rendered HTML, true once the page's handlers are attached (and at once
 * when the page is drawn in the browser). The step's Next stays disabled until then, so a press before the
 * script has run cannot submit the step form natively, putting the answers in the URL.
 */
import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
