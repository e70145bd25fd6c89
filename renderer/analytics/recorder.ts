/**
 * First-party funnel events (server/routes/analytics.ts): step shown, Next pressed, validation failures (the
 * field path and the rule, never the value), step left, funnel completed and hook outcomes. They wait in
 * memory and go in batches with navigator.sendBeacon: when enough are waiting, a few seconds after the first,
 * and when the page is hidden or left. A browser that opted out (the privacy page) sends nothing. The server
 * keys them by its visit cookie; nothing here identifies anyone.
 */
import { cookieOptsOut } from "../../engine/analyticsOptOut";

export type FunnelEventKind = "step_shown" | "next_pressed" | "validation_failed" | "step_left" | "funnel_completed" | "hook";

interface Waiting {
  k: FunnelEventKind;
  s: string;
  /** performance.now() when it happened; sent as an age, so the browser's clock does not matter. */
  t: number;
  f?: string;
  r?: string;
  h?: string;
  o?: string;
}

const ENDPOINT = "/api/analytics/events";
const BATCH = 50;
const WAIT_MS = 5000;

let waiting: { version: string; events: Waiting[] } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

const optedOut = () => cookieOptsOut(document.cookie);

/** Sends what is waiting (the server refuses more than 100 events in one batch). */
export function flushEvents(): void {
  clearTimeout(timer);
  timer = undefined;
  const batch = waiting;
  waiting = null;
  if (!batch || optedOut() || typeof navigator.sendBeacon !== "function") return;
  const now = performance.now();
  const e = batch.events.map(({ t, ...rest }) => ({ ...rest, a: Math.max(0, Math.round(now - t)) }));
  navigator.sendBeacon(ENDPOINT, JSON.stringify({ v: batch.version, e }));
}

/** Records one event of the funnel `version` (no-op on the server and once opted out). */
export function recordEvent(
  version: string,
  kind: FunnelEventKind,
  step: string,
  detail?: { f?: string; r?: string; h?: string; o?: string },
) {
  // The opt-out is read when a batch would be sent (flushEvents), not at each event: reading document.cookie
  // costs the press of Next a little on a slow phone, and an event kept in memory unsent tells nobody anything.
  if (typeof window === "undefined") return;
  if (!listening) {
    listening = true;
    addEventListener("pagehide", flushEvents);
    document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flushEvents());
  }
  if (waiting && waiting.version !== version) flushEvents();
  waiting ??= { version, events: [] };
  waiting.events.push({ k: kind, s: step, t: performance.now(), ...detail });
  if (waiting.events.length >= BATCH) flushEvents();
  else timer ??= setTimeout(flushEvents, WAIT_MS);
}
