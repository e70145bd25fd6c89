import { useCallback, useSyncExternalStore } from "react";

function matches(query: string): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

/**
 * Whether a media query matches now, kept up to date as the window or the user's settings change.
 * `serverValue` is what a server-rendered page assumes (it cannot know the screen) and what hydration
 * renders first, so the page hydrates without a mismatch and then follows the real screen.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matches(query),
    () => serverValue,
  );
}
