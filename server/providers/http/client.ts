/**
 * One signed JSON call to an http-kind provider: a timeout per attempt, one
 * retry after a network error, a timeout or a 5xx for calls that are safe to
 * repeat (they carry an Idempotency-Key), and an answer that must carry a
 * valid signature for this request. Errors name the call and what went wrong,
 * never the URL, the body or the secret.
 */
import { randomUUID } from "node:crypto";
import { HEADERS, answerBase, requestBase, sign, unixSeconds, verify } from "./signing";

export type HttpProviderFailure = "timeout" | "network" | "http-5xx" | "http-status" | "bad-signature" | "bad-json" | "bad-shape";

export class HttpProviderError extends Error {
  override name = "HttpProviderError";
  constructor(
    message: string,
    readonly failure: HttpProviderFailure,
  ) {
    super(message);
  }
}

export interface HttpProviderTarget {
  /** The provider id, for messages. */
  id: string;
  url: string;
  secret: string;
  timeoutMs: number;
}

export interface ProviderCall {
  /** A path under the provider's URL, e.g. "/credit-search". */
  path: string;
  body: unknown;
  /** Safe to send twice: carries an Idempotency-Key (the same on the retry) and is retried once. */
  idempotent: boolean;
}

const RETRY_PAUSE_MS = 200;
const retryable = new Set<HttpProviderFailure>(["timeout", "network", "http-5xx"]);

async function attempt(target: HttpProviderTarget, call: ProviderCall, raw: string, idempotencyKey: string | null): Promise<unknown> {
  const url = new URL(target.url + call.path);
  const requestId = randomUUID();
  const timestamp = unixSeconds();
  const label = `${target.id} ${call.path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        [HEADERS.timestamp]: timestamp,
        [HEADERS.requestId]: requestId,
        [HEADERS.signature]: sign(target.secret, requestBase(timestamp, requestId, "POST", url.pathname, raw)),
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      },
      body: raw,
      redirect: "error",
      signal: AbortSignal.timeout(target.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new HttpProviderError(`${label}: no answer within ${target.timeoutMs} ms`, "timeout");
    const cause = (error as { cause?: { code?: string } })?.cause?.code ?? "network error";
    throw new HttpProviderError(`${label}: request failed (${cause})`, "network");
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const timedOut = (error as Error)?.name === "TimeoutError" || (error as Error)?.name === "AbortError";
    throw new HttpProviderError(`${label}: the answer was cut off (HTTP ${response.status})`, timedOut ? "timeout" : "network");
  }
  if (response.status >= 500) throw new HttpProviderError(`${label}: HTTP ${response.status}`, "http-5xx");
  const signed = verify(
    target.secret,
    answerBase(response.headers.get(HEADERS.timestamp) ?? "", requestId, response.status, text),
    response.headers.get(HEADERS.timestamp) ?? undefined,
    response.headers.get(HEADERS.signature) ?? undefined,
  );
  if (!signed || response.headers.get(HEADERS.requestId) !== requestId) {
    throw new HttpProviderError(`${label}: the answer's signature is missing or wrong (HTTP ${response.status})`, "bad-signature");
  }
  if (response.status !== 200) throw new HttpProviderError(`${label}: HTTP ${response.status}`, "http-status");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpProviderError(`${label}: the answer is not JSON`, "bad-json");
  }
}

export async function callProvider(target: HttpProviderTarget, call: ProviderCall): Promise<unknown> {
  const raw = JSON.stringify(call.body);
  const idempotencyKey = call.idempotent ? randomUUID() : null;
  const attempts = call.idempotent ? 2 : 1;
  for (let n = 1; ; n++) {
    try {
      return await attempt(target, call, raw, idempotencyKey);
    } catch (error) {
      if (!(error instanceof HttpProviderError) || !retryable.has(error.failure) || n >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }
}
