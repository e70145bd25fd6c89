/** A small fetch wrapper: JSON in and out, same-origin cookies, a timeout, never throws on HTTP errors. */
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

async function request<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    const text = await response.text();
    let parsed: unknown = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { error: `Unexpected response (${response.status})` };
    }
    return { ok: response.ok, status: response.status, body: parsed as ApiResult<T>["body"] };
  } catch (error) {
    const message = controller.signal.aborted ? "The request timed out" : "Network error";
    return { ok: false, status: 0, body: { error: message } as ApiResult<T>["body"] };
  } finally {
    clearTimeout(timer);
  }
}

export const api: ApiClient = {
  get: (path) => request("GET", path),
  post: (path, body) => request("POST", path, body),
};
