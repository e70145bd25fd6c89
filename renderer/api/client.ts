/** A small fetch wrapper: JSON in and out, same-origin cookies, a timeout, never throws on HTTP errors. */
import { siteText } from "../siteText";

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  body: T & { error?: string | null };
}

export interface ApiClient {
  get<T = Record<string, unknown>>(path: string): Promise<ApiResult<T>>;
  post<T = Record<string, unknown>>(path: string, body: unknown): Promise<ApiResult<T>>;
}

const TIMEOUT_MS = 30000;
/** A POST the server could not answer (503, or the connection dropped) is tried again this many times. */
const RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5000;

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<ApiResult<T> & { retryAfterMs?: number; dropped?: boolean }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const headers: Record<string, string> =
      body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" };
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    const text = await response.text();
    let parsed: unknown = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { error: siteText("common").unexpectedResponse.replace("{status}", String(response.status)) };
    }
    const retryAfter = Number(response.headers?.get?.("retry-after"));
    return {
      ok: response.ok,
      status: response.status,
      body: parsed as ApiResult<T>["body"],
      ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
    };
  } catch {
    // The visitor reads these (a hook shows the server's error), so they are the site's words; `dropped`, not the
    // message, is what marks a connection worth trying again.
    const words = siteText("common");
    if (controller.signal.aborted) return { ok: false, status: 0, body: { error: words.requestTimedOut } as ApiResult<T>["body"] };
    return { ok: false, status: 0, body: { error: words.networkError } as ApiResult<T>["body"], dropped: true };
  } finally {
    clearTimeout(timer);
  }
}

function newKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A POST whose answer never came, kept so that pressing the button again with the same data
 * reuses its Idempotency-Key: if the first one did go through, the server answers it again
 * instead of doing it twice.
 */
let unanswered: { path: string; body: string; key: string } | null = null;

const worthRetrying = (result: { status: number; dropped?: boolean }) => result.status === 503 || result.dropped === true;

/** Every POST carries an Idempotency-Key; a 503 or a dropped connection is retried with the same key. */
async function post<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  const text = JSON.stringify(body ?? null);
  const key = unanswered && unanswered.path === path && unanswered.body === text ? unanswered.key : newKey();
  let result = await request<T>("POST", path, body, key);
  for (let attempt = 1; attempt <= RETRIES && worthRetrying(result); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(result.retryAfterMs ?? 1000, MAX_RETRY_WAIT_MS)));
    result = await request<T>("POST", path, body, key);
  }
  unanswered = worthRetrying(result) || result.status === 0 ? { path, body: text, key } : null;
  const { retryAfterMs: _, dropped: __, ...answer } = result;
  return answer;
}

export const api: ApiClient = {
  get: (path) => request("GET", path),
  post: (path, body) => post(path, body),
};
