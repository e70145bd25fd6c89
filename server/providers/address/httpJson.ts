/**
 * One JSON call to an address provider: a timeout per attempt, one retry on a
 * network error or a 5xx (lookups are idempotent reads), and errors that never
 * carry the URL (it holds the API key and the user's search text) or the body.
 */
import { AddressProviderError } from "./types";

export interface HttpJsonRequest {
  /** For messages: "Data8 Search", "Ideal Postcodes autocomplete". Never the URL. */
  label: string;
  url: string;
  method: "GET" | "POST";
  body?: unknown;
  timeoutMs: number;
  /** Extra attempts after a network error or a 5xx (default 1). */
  retries?: number;
  /** When false for a response, it is not retried even if 5xx (e.g. a rate-limit answer). */
  retryable?: (response: Response) => boolean;
}

export interface HttpJsonResponse {
  status: number;
  headers: Headers;
  /** The parsed body; undefined when the body was empty. */
  json: unknown;
}

export const DEFAULT_ADDRESS_TIMEOUT_MS = 4000;
const RETRY_PAUSE_MS = 150;

/** A failed attempt, typed by whether trying again could help. */
class AttemptError extends AddressProviderError {
  constructor(
    message: string,
    readonly retryable: boolean,
    code: string,
  ) {
    super(message);
    this.code = code;
  }
}

async function attempt(request: HttpJsonRequest): Promise<HttpJsonResponse> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: {
        accept: "application/json",
        ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      // Not retried: the visitor has already waited the whole timeout.
      throw new AttemptError(`${request.label}: no answer within ${request.timeoutMs} ms`, false, "ADDRESS_TIMEOUT");
    }
    const cause = (error as { cause?: { code?: string } })?.cause?.code ?? "network error";
    throw new AttemptError(`${request.label}: request failed (${cause})`, true, "ADDRESS_NETWORK");
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new AttemptError(`${request.label}: the answer was cut off (HTTP ${response.status})`, true, "ADDRESS_NETWORK");
  }
  if (response.status >= 500 && (request.retryable?.(response) ?? true)) {
    throw new AttemptError(`${request.label}: HTTP ${response.status}`, true, "ADDRESS_HTTP_5XX");
  }
  let json: unknown = undefined;
  if (text.trim() !== "") {
    try {
      json = JSON.parse(text);
    } catch {
      throw new AttemptError(`${request.label}: the answer is not JSON (HTTP ${response.status})`, false, "ADDRESS_BAD_JSON");
    }
  }
  return { status: response.status, headers: response.headers, json };
}

export async function requestJson(request: HttpJsonRequest): Promise<HttpJsonResponse> {
  const retries = request.retries ?? 1;
  for (let tryNumber = 0; ; tryNumber++) {
    try {
      return await attempt(request);
    } catch (error) {
      if (!(error instanceof AttemptError) || !error.retryable || tryNumber >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }
}

/** A plain object or {} (so field reads on a malformed answer give undefined rather than throwing). */
export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function asText(value: unknown): string {
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
}

/** A building number as Data8 reports it: a number, 0 when there is none (or it is not a plain number, e.g. "12A"). */
export function asBuildingNumber(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : 0;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}
