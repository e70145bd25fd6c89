/**
 * The HTTP client for code on the first page: the same calls as client.ts, whose code (timeouts, retries,
 * idempotency keys) loads at the first call or at the visitor's first action (preloadApiClient), whichever
 * comes first. A funnel step calls the server only after the visitor acts, or to restore a returning
 * visitor's answers, so the page they arrive on does not carry it. Like the client, it never throws: code
 * that could not be loaded answers as a dropped connection does.
 */
import { loadOnce } from "../loadOnce";
import { siteText } from "../siteText";
import type { ApiClient, ApiResult } from "./client";

const loadClient = loadOnce(() => import("./client"));

const unreachable = <T>(): ApiResult<T> => ({
  ok: false,
  status: 0,
  body: { error: siteText("common").networkError } as ApiResult<T>["body"],
});

export const api: ApiClient = {
  get: <T>(path: string) => loadClient().then((client) => client.api.get<T>(path), unreachable<T>),
  post: <T>(path: string, body: unknown) => loadClient().then((client) => client.api.post<T>(path, body), unreachable<T>),
};

/** Starts loading the client's code; a failed load is tried again at the first call. */
export function preloadApiClient(): void {
  loadClient().catch(() => undefined);
}
