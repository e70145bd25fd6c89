/**
 * One line per request with id, method, path (no query string), status and response time. Nothing else.
 *
 * That line has a fixed shape with no room for personal data, so it is written by a logger without the PII
 * redaction: redacting every key pattern on every line cost more than the rest of a small request. Whatever a
 * route logs goes through `req.log`, the redacting logger with the request's id, method and path bound; it is made
 * only when a route first logs something.
 */
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import pino, { type Logger } from "pino";

declare module "http" {
  interface IncomingMessage {
    id: string;
    log: Logger;
  }
}

const pathOnly = (url: string) => {
  const queryAt = url.indexOf("?");
  return queryAt >= 0 ? url.slice(0, queryAt) : url;
};

/** pino's numbers for the three levels a request line is written at. */
const LEVELS = { info: 30, warn: 40, error: 50 } as const;

/**
 * The request line exactly as pino writes it with `base: undefined` (level, time, the object's keys, msg), put
 * together directly: its shape is fixed, so pino's generic serialisation of every key on every request is not needed.
 * Strings that come from the request (method, path) are JSON-escaped.
 */
export function requestLine(level: number, time: number, id: string, method: string, path: string, status: number, ms: number): string {
  const m = JSON.stringify(method);
  const p = JSON.stringify(path);
  const msg = JSON.stringify(`${method} ${path} ${status}`);
  return `{"level":${level},"time":${time},"req":{"id":"${id}","method":${m},"path":${p}},"res":{"statusCode":${status}},"responseTimeMs":${ms},"msg":${msg}}\n`;
}

/**
 * Per-request state, kept in fields of the request rather than in closures made for each request; only what differs
 * per request (the id and the start time): the logger belongs to the app's request prototype, and the path is read
 * from originalUrl, which routing never changes, when it is needed.
 */
const CHILD = Symbol("requestLogChild");
const BEGAN = Symbol("requestLogBegan");

interface Logged {
  id: string;
  method?: string;
  originalUrl?: string;
  url?: string;
  [CHILD]?: Logger;
  [BEGAN]: number;
}

const pathOf = (req: Logged) => pathOnly(req.originalUrl ?? req.url ?? "");

/**
 * `req.log` made on first use (a child logger per request costs more than most requests need): an accessor on the
 * app's request prototype, defined once with the app's logger, instead of one defined on every request.
 */
const withLazyLog = new WeakSet<object>();
function defineLazyLog(prototype: object, logger: Logger) {
  if (withLazyLog.has(prototype)) return;
  withLazyLog.add(prototype);
  Object.defineProperty(prototype, "log", {
    configurable: true,
    get(this: Logged) {
      return (this[CHILD] ??= logger.child({ req: { id: this.id, method: this.method, path: pathOf(this) } }));
    },
    set(this: Logged, value: Logger) {
      this[CHILD] = value;
    },
  });
}

export function requestLogger(logger: Logger) {
  const stream = (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
  // The level is read once, as the line-writing logger used to be made once with it.
  const threshold = logger.levelVal;
  // The lines of one turn of the event loop go to the stream as one write, at its end. pino's asynchronous
  // destination (sonic-boom) measures the text it holds in bytes on every write, which copies it whole; written line
  // by line while a write was under way, that copied some kilobytes per request at a few thousand requests a second.
  const pending: string[] = [];
  const flush = () => {
    const lines = pending.join("");
    pending.length = 0;
    stream.write(lines);
  };
  // One listener for every response ('close' comes once per response), reading what the request carries.
  function writeLine(this: Response) {
    const req = this.req as unknown as Logged & Request;
    const status = this.statusCode;
    const level = status >= 500 ? LEVELS.error : status >= 400 ? LEVELS.warn : LEVELS.info;
    if (level < threshold) return;
    const now = Date.now();
    if (pending.length === 0) setImmediate(flush);
    pending.push(requestLine(level, now, req.id, req.method, pathOf(req), status, now - req[BEGAN]));
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const logged = req as unknown as Logged;
    logged[BEGAN] = Date.now();
    const id = randomUUID();
    req.id = id;
    defineLazyLog(Object.getPrototypeOf(req) as object, logger);
    res.setHeader("X-Request-Id", id);
    res.on("close", writeLine);
    next();
  };
}
