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
 * Nothing is added to the request: each property added to a request (which Express has already given several)
 * made V8 copy its whole property store, some kilobytes per request all told. The request's id is the X-Request-Id
 * of its response, read through an accessor on the app's request prototype; the start time is kept by the response's
 * 'close' listener; the logger belongs to the prototype; the path is read from originalUrl, which routing never
 * changes, when it is needed.
 */
const CHILD = Symbol("requestLogChild");

interface Logged {
  method?: string;
  originalUrl?: string;
  url?: string;
  res?: Response;
  [CHILD]?: Logger;
}

const pathOf = (req: Logged) => pathOnly(req.originalUrl ?? req.url ?? "");
const idOf = (req: Logged) => req.res?.getHeader("X-Request-Id") as string;

/**
 * `req.id`, and `req.log` made on first use (a child logger per request costs more than most requests need):
 * accessors on the app's request prototype, defined once with the app's logger, instead of fields on every request.
 */
const withAccessors = new WeakSet<object>();
function defineAccessors(prototype: object, logger: Logger) {
  if (withAccessors.has(prototype)) return;
  withAccessors.add(prototype);
  Object.defineProperty(prototype, "id", {
    configurable: true,
    get(this: Logged) {
      return idOf(this);
    },
    set(this: Logged, value: string) {
      Object.defineProperty(this, "id", { value, writable: true, enumerable: true, configurable: true });
    },
  });
  Object.defineProperty(prototype, "log", {
    configurable: true,
    get(this: Logged) {
      return (this[CHILD] ??= logger.child({ req: { id: idOf(this), method: this.method, path: pathOf(this) } }));
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
  function writeLine(res: Response, id: string, began: number) {
    const status = res.statusCode;
    const level = status >= 500 ? LEVELS.error : status >= 400 ? LEVELS.warn : LEVELS.info;
    if (level < threshold) return;
    const now = Date.now();
    if (pending.length === 0) setImmediate(flush);
    pending.push(requestLine(level, now, id, res.req.method, pathOf(res.req), status, now - began));
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const began = Date.now();
    const id = randomUUID();
    defineAccessors(Object.getPrototypeOf(req) as object, logger);
    res.setHeader("X-Request-Id", id);
    // 'close' comes once per response; a small closure costs far less than fields added to the request.
    res.on("close", () => writeLine(res, id, began));
    next();
  };
}
