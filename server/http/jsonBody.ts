/**
 * A JSON body reader for the busiest POST routes (address lookups), in place of express.json's chain (type-is,
 * content-type parsing, iconv decoding, raw-body's stream bookkeeping, on-finished), which on a search of a few dozen
 * bytes cost more than reading the body itself. It answers as express.json does where the API depends on it:
 *
 * - no body, or a body that is not `application/json`: left unread, `req.body` stays undefined (the route's
 *   validation answers 400 "must be a JSON object", as on every other route);
 * - a charset other than UTF-8, or a Content-Encoding: 415;
 * - a declared or actual size over the limit (the API's 100 kB): 413, once the rest of the body has been read off;
 * - not JSON, or JSON that is not an object or array (strict, like express.json): 400; an empty body is `{}`.
 */
import type { IncomingMessage } from "node:http";
import type { NextFunction, RequestHandler } from "express";
import { BODY_LIMIT_BYTES, BODY_NOT_JSON, BODY_NOT_UTF8_JSON, BODY_TOO_LARGE, HttpError, REQUEST_ABORTED } from "./errors";

/** `application/json`, with nothing but an optional charset after it; the charset, lower case, or "" when absent. */
function jsonCharset(contentType: string): string | null {
  const semicolon = contentType.indexOf(";");
  const type = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  if (type !== "application/json") return null;
  if (semicolon < 0) return "";
  const match = /(?:^|;)\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType.slice(semicolon));
  return match ? match[1].toLowerCase() : "";
}

/** Parsed as express.json's strict mode does: an empty body is {}, anything but an object or array is refused. */
export function parseStrictJson(text: string): unknown {
  const trimmed = text.trimStart();
  if (trimmed.length === 0) return {};
  if (trimmed[0] !== "{" && trimmed[0] !== "[") throw new HttpError(400, BODY_NOT_JSON);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, BODY_NOT_JSON);
  }
}

/** The rest of the body read and dropped, then `done`: the error is answered on a connection that stays usable. */
function readOff(req: IncomingMessage, done: () => void) {
  if (req.readableEnded || req.destroyed) return done();
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    done();
  };
  req.on("error", once);
  req.once("end", once);
  req.once("close", once);
  req.resume();
}

function collect(req: IncomingMessage, done: (error: HttpError | null, body?: Buffer) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  let settled = false;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (over) return;
    if (size > BODY_LIMIT_BYTES) {
      over = true;
      chunks.length = 0;
    } else chunks.push(chunk);
  });
  req.on("end", () => {
    settled = true;
    if (over) done(new HttpError(413, BODY_TOO_LARGE));
    else done(null, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
  });
  // The client went away before the end (a request emits 'error' for that only when it has a listener).
  req.on("error", () => {
    if (settled) return;
    settled = true;
    done(new HttpError(400, REQUEST_ABORTED));
  });
}

const refuse = (req: IncomingMessage, next: NextFunction, status: number, message: string) =>
  readOff(req, () => next(new HttpError(status, message)));

/** Reads a JSON body of at most the API's limit into req.body (see above); for routes that take small JSON bodies. */
export const jsonBody: RequestHandler = (req, _res, next) => {
  const headers = req.headers;
  // Read already (by express.json, say), or no body at all.
  if (req.readableEnded) return next();
  if (headers["transfer-encoding"] === undefined && headers["content-length"] === undefined) return next();
  const charset = jsonCharset(headers["content-type"] ?? "");
  if (charset === null) return next();
  if (charset !== "" && charset !== "utf-8" && charset !== "utf8") return refuse(req, next, 415, BODY_NOT_UTF8_JSON);
  const encoding = headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") return refuse(req, next, 415, BODY_NOT_UTF8_JSON);
  if (Number(headers["content-length"]) > BODY_LIMIT_BYTES) return refuse(req, next, 413, BODY_TOO_LARGE);
  collect(req, (error, body) => {
    if (error) return next(error);
    try {
      req.body = parseStrictJson(body!.toString("utf8"));
    } catch (parseError) {
      return next(parseError);
    }
    next();
  });
};
