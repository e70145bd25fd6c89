/**
 * In the preview the renderer answers its own API calls: nothing reaches the
 * server's /api, so no database row is written and no provider is called.
 * The lender list comes with the page; everything else answers that it is not
 * available in the preview, which the step shows as it would any failure.
 */
import type { PreviewBoot } from "../../engine/previewBoot";

export const PREVIEW_UNAVAILABLE = "Not available in the preview: nothing is sent to the server.";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export function previewAnswer(path: string, preview: PreviewBoot): Response {
  if (path === "/api/lenders") return json(200, { lenders: preview.lenders ?? [] });
  if (path === "/api/address/search") return json(200, { results: [] });
  return json(503, { error: PREVIEW_UNAVAILABLE });
}

let installed = false;

/** Replaces window.fetch for same-origin /api/ requests (once per page). */
export function installPreviewApi(preview: PreviewBoot): void {
  if (installed) return;
  installed = true;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, window.location.href);
    if (url.origin === window.location.origin && url.pathname.startsWith("/api/")) return previewAnswer(url.pathname, preview);
    return realFetch(input, init);
  };
}
