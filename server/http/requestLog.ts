/** pino-http: one line per request with id, method, path (no query string), status and response time. Nothing else. */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";

const pathOnly = (url: string | undefined) => (url ?? "").split("?")[0];

export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (_req: IncomingMessage, res: ServerResponse) => {
      const id = randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        path: pathOnly(req.originalUrl ?? req.url),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    customSuccessMessage: (req, res) => `${req.method} ${pathOnly((req as { originalUrl?: string }).originalUrl ?? req.url)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOnly((req as { originalUrl?: string }).originalUrl ?? req.url)} ${res.statusCode}`,
    customAttributeKeys: { responseTime: "responseTimeMs" },
  });
}
