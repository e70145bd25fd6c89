import { afterNextPaint } from "../funnel/schedule";

/**
 * Address-bar writes that wait until the new step is on screen.
 *
 * `history.pushState` costs several milliseconds on a slow phone (the browser updates its session history,
 * its address bar and the tab's entry), and react-router's BrowserRouter does it inside the click, before
 * React draws the next step. The router in this folder renders the new location at once and queues the
 * matching history write here; the queue writes it once the frame with the new step has been painted.
 *
 * Writes keep their order (a push followed by a replace ends as that push replaced, as if both had been
 * written at once). Anything that reads or moves the browser's history itself — going back or forward,
 * a popstate, a page being hidden or left, a full-page navigation — calls `flushHistoryWrites()` first,
 * so it sees the same entries it would have seen with the writes made synchronously.
 */

type HistoryWrite = { method: "pushState" | "replaceState"; state: unknown; url: string };

const pending: HistoryWrite[] = [];
let cancelScheduled: (() => void) | null = null;

/** Queues a write and schedules the queue to be written after the next paint (once per frame). */
export function queueHistoryWrite(method: HistoryWrite["method"], state: unknown, url: string): void {
  pending.push({ method, state, url });
  if (!cancelScheduled) cancelScheduled = afterNextPaint(flushHistoryWrites);
}

/** Writes every queued entry now, in order. Safe to call at any time; does nothing when none is queued. */
export function flushHistoryWrites(): void {
  cancelScheduled?.();
  cancelScheduled = null;
  for (const { method, state, url } of pending.splice(0)) {
    try {
      window.history[method](state, "", url);
    } catch (error) {
      // As react-router's BrowserRouter does: a state the browser cannot store is a bug to report; any other
      // refusal (Safari's limit on history writes per second) falls back to loading the URL.
      if (error instanceof DOMException && error.name === "DataCloneError") throw error;
      window.location.assign(url);
      return;
    }
  }
}

/** Whether a write is waiting for the next paint. */
export function hasPendingHistoryWrites(): boolean {
  return pending.length > 0;
}
