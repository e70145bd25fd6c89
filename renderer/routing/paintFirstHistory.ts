import { createPath, NavigationType, parsePath, type Location, type Navigator, type To } from "react-router";
import { flushHistoryWrites, queueHistoryWrite } from "./historyWrites";

/**
 * react-router's browser history, except that a push or replace tells the router the new location at once and
 * writes the address bar after that frame is painted (see historyWrites.ts for why). The entries it writes carry
 * the same `{ usr, key, idx }` state BrowserRouter's history wrote, so an entry written by either (before a
 * release, or before a reload) is read back the same way by the other.
 */

type HistoryState = { usr?: unknown; key?: string; idx?: number } | null;
export type HistoryUpdate = { action: NavigationType; location: Location };

export interface PaintFirstHistory {
  readonly navigator: Navigator;
  /** The location on screen (the address bar may still be a frame behind). */
  readonly location: Location;
  /** Follows navigations and Back/Forward; returns the function that stops following them. */
  listen(listener: (update: HistoryUpdate) => void): () => void;
}

function historyState(): HistoryState {
  const state: unknown = window.history.state;
  return state && typeof state === "object" ? (state as HistoryState) : null;
}

function historyIndex(): number | null {
  const idx = historyState()?.idx;
  return typeof idx === "number" ? idx : null;
}

/** The location the browser shows, read as BrowserRouter reads it. */
function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = historyState();
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? "default" };
}

function createKey(): string {
  return Math.random().toString(36).substring(2, 10);
}

/** Where `to` leads from `from`, as react-router's history resolves it (a bare "?q" keeps the path). */
function nextLocation(from: Location, to: To, state: unknown): Location {
  const path = typeof to === "string" ? parsePath(to) : to;
  return { pathname: from.pathname, search: "", hash: "", ...path, state: state ?? null, key: createKey() };
}

function createURL(to: To): URL {
  const href = (typeof to === "string" ? to : createPath(to)).replace(/ $/, "%20");
  return new URL(href, window.location.origin);
}

export function createPaintFirstHistory(): PaintFirstHistory {
  // As BrowserRouter's history does on first load: the entry learns its index, which tells Back from Forward.
  let idx = historyIndex();
  if (idx === null) {
    idx = 0;
    window.history.replaceState({ ...historyState(), idx }, "");
  }
  // Updated as soon as a navigation is asked for, so a second one in the same task builds on the first,
  // not on the address bar that is still to be written.
  let location = browserLocation();
  let listener: ((update: HistoryUpdate) => void) | null = null;

  const move = (action: NavigationType.Push | NavigationType.Replace, to: To, usr: unknown) => {
    location = nextLocation(location, to, usr);
    if (action === NavigationType.Push) idx = (idx ?? 0) + 1;
    queueHistoryWrite(
      action === NavigationType.Push ? "pushState" : "replaceState",
      { usr: location.state, key: location.key, idx },
      createPath(location),
    );
    listener?.({ action, location });
  };

  const navigator: Navigator = {
    createHref: (to) => (typeof to === "string" ? to : createPath(to)),
    createURL,
    encodeLocation: (to) => {
      const { pathname, search, hash } = createURL(to);
      return { pathname, search, hash };
    },
    push: (to, state) => move(NavigationType.Push, to, state),
    replace: (to, state) => move(NavigationType.Replace, to, state),
    // Back and Forward count entries: the ones still queued are written first.
    go: (delta) => {
      flushHistoryWrites();
      window.history.go(delta);
    },
  };

  const onPopState = () => {
    flushHistoryWrites();
    idx = historyIndex();
    location = browserLocation();
    listener?.({ action: NavigationType.Pop, location });
  };
  // A page that is hidden or left may not come back to run its timers: its address bar is brought up to date now.
  const flushIfHidden = () => document.visibilityState === "hidden" && flushHistoryWrites();

  return {
    navigator,
    get location() {
      return location;
    },
    listen(next) {
      listener = next;
      window.addEventListener("popstate", onPopState);
      window.addEventListener("pagehide", flushHistoryWrites);
      document.addEventListener("visibilitychange", flushIfHidden);
      return () => {
        listener = null;
        window.removeEventListener("popstate", onPopState);
        window.removeEventListener("pagehide", flushHistoryWrites);
        document.removeEventListener("visibilitychange", flushIfHidden);
        flushHistoryWrites();
      };
    },
  };
}
