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

export function requestLogger(logger: Logger) {
  const stream = (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
  const lines = pino({ level: logger.level, base: undefined }, stream);
  return (req: Request, res: Response, next: NextFunction) => {
    const began = Date.now();
    const id = randomUUID();
    const path = pathOnly(req.originalUrl ?? req.url);
    req.id = id;
    res.setHeader("X-Request-Id", id);
    let child: Logger | undefined;
    Object.defineProperty(req, "log", {
      configurable: true,
      get: () => (child ??= logger.child({ req: { id, method: req.method, path } })),
      set: (value: Logger) => {
        child = value;
      },
    });
    res.once("close", () => {
      const status = res.statusCode;
      const level = status >= 500 ? "error" : status >= 400 ? "warn" : "info";
      lines[level](
        { req: { id, method: req.method, path }, res: { statusCode: status }, responseTimeMs: Date.now() - began },
        `${req.method} ${path} ${status}`,
      );
    });
    next();
  };
}
