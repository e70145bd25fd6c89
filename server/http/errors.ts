/** Errors that become JSON answers. Anything else is a 500 with a generic message and no stack. */
import type { ErrorRequestHandler, RequestHandler } from "express";
import { databaseFault } from "../db/unavailable";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The database is restarting, unreachable or saturated: the browser keeps the visitor's answers and retries. */
export const SERVICE_UNAVAILABLE = "Our service is briefly unavailable. Nothing you entered has been lost: please try again in a moment.";
/** Seconds a client should wait before retrying, by fault. */
const RETRY_AFTER = { busy: 1, down: 3 } as const;

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
      return new HttpError(400, "The request body is not valid JSON");
    case "entity.too.large":
      return new HttpError(413, "The request body is too large (the limit is 100 kB)");
    case "encoding.unsupported":
    case "charset.unsupported":
      return new HttpError(415, "The request body must be UTF-8 JSON");
    case "request.aborted":
      return new HttpError(400, "The request was aborted");
    case "request.size.invalid":
    case "stream.encoding.set":
      return new HttpError(400, "The request body could not be read");
    default:
      return null;
  }
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const known = err instanceof HttpError ? err : bodyParserError(err ?? {});
  if (known) {
    if (!res.headersSent) res.status(known.status).json({ error: known.message, ...known.extra });
    return;
  }
  const fault = databaseFault(err);
  if (fault) {
    req.log?.warn({ err, fault }, "database unavailable");
    if (res.headersSent) return;
    res.setHeader("Retry-After", String(RETRY_AFTER[fault]));
    res.status(503).json({ error: SERVICE_UNAVAILABLE, retryable: true });
    return;
  }
  const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
  if (status === 500) req.log?.error({ err }, "request failed");
  if (res.headersSent) return;
  res.status(status).json({ error: status === 500 ? "Something went wrong. Please try again." : "The request could not be processed" });
};
