/** Errors that become JSON answers. Anything else is a 500 with a generic message and no stack. */
import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import type { SiteText } from "../../schema/content.schema";
import { databaseFault } from "../db/unavailable";

/** The words the handler answers in (the shared content's `text.request`, in the language of the request's visit). */
export type RequestWords = SiteText["request"];

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }

  /** The answer's sentence in the request's words: the message as given, unless the error phrases its own. */
  say(_words: RequestWords): string {
    return this.message;
  }
}

/** Seconds a client should wait before retrying, by fault. */
const RETRY_AFTER = { busy: 1, down: 3 } as const;

/** The API's limit on a request body (express.json's "100kb"), and the answers for bodies that cannot be read. */
export const BODY_LIMIT_BYTES = 100 * 1024;
export const BODY_NOT_JSON = "The request body is not valid JSON";
export const BODY_TOO_LARGE = "The request body is too large (the limit is 100 kB)";
export const BODY_NOT_UTF8_JSON = "The request body must be UTF-8 JSON";
export const REQUEST_ABORTED = "The request was aborted";

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const notFound = (message: string) => new HttpError(404, message);

/** Unknown /api routes answer JSON, not the SPA. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No API route for ${req.method} ${req.baseUrl}${req.path}` });
};

/** body-parser errors carry a `type`; map them to plain messages. */
function bodyParserError(err: { type?: string; status?: number }): HttpError | null {
  switch (err.type) {
    case "entity.parse.failed":
      return new HttpError(400, BODY_NOT_JSON);
    case "entity.too.large":
      return new HttpError(413, BODY_TOO_LARGE);
    case "encoding.unsupported":
    case "charset.unsupported":
      return new HttpError(415, BODY_NOT_UTF8_JSON);
    case "request.aborted":
      return new HttpError(400, REQUEST_ABORTED);
    case "request.size.invalid":
    case "stream.encoding.set":
      return new HttpError(400, "The request body could not be read");
    default:
      return null;
  }
}

/** The password hashing queue (auth/passwords.ts) is full: answered 503 with Retry-After `retryAfterSeconds`. */
export class PasswordHashingBusy extends Error {
  override name = "PasswordHashingBusy";
  constructor(readonly retryAfterSeconds = 1) {
    super("password hashing is at capacity");
  }
}

/**
 * The API's and the pages' last handler. `words` gives the request's words (the shared content's `text.request` in
 * its visit's language), for the answers that are the server's own: the service briefly unavailable (the database is
 * restarting, unreachable or saturated, or password hashing is at capacity: the browser keeps the visitor's answers
 * and retries), a request that failed, and a malformed request's field-by-field sentence.
 */
export function errorHandler(words: (req: Request) => RequestWords): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = err instanceof HttpError ? err : bodyParserError(err ?? {});
    if (known) {
      if (!res.headersSent) res.status(known.status).json({ error: known.say(words(req)), ...known.extra });
      return;
    }
    if (err instanceof PasswordHashingBusy) {
      // This instance is hashing all it can: refused at once, so the browser retries (same Idempotency-Key) instead of queueing.
      if (res.headersSent) return;
      res.setHeader("Retry-After", String(err.retryAfterSeconds));
      res.status(503).json({ error: words(req).unavailable, retryable: true });
      return;
    }
    const fault = databaseFault(err);
    if (fault) {
      req.log?.warn({ err, fault }, "database unavailable");
      if (res.headersSent) return;
      res.setHeader("Retry-After", String(RETRY_AFTER[fault]));
      res.status(503).json({ error: words(req).unavailable, retryable: true });
      return;
    }
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) req.log?.error({ err }, "request failed");
    if (res.headersSent) return;
    res.status(status).json({ error: status === 500 ? words(req).failed : "The request could not be processed" });
  };
}
