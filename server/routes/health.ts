/** GET /api/health: the process is alive and answering (no database call: readiness is a separate question). */
import { Router, type Request } from "express";
import type { AppContext } from "../context";

/** The answer never changes: its bytes, type and ETag are made once rather than serialised and hashed per request. */
const BODY = Buffer.from(JSON.stringify({ status: "ok" }));
const TYPE = "application/json; charset=utf-8";

/** GET /api/health: the process is alive and answering (liveness). Whether it can serve traffic is GET /api/ready. */
export function healthRoutes(_ctx: AppContext): Router {
  const router = Router();
  let etag: string | undefined | null = null;
  // Express's own ETag function (app setting "etag"), asked once.
  const etagOf = (req: Request) => {
    if (etag === null) {
      const etagFn = req.app.get("etag fn") as ((body: Buffer) => string | undefined) | undefined;
      etag = typeof etagFn === "function" ? etagFn(BODY) : undefined;
    }
    return etag;
  };
  router.get("/health", (req, res) => {
    res.setHeader("Content-Type", TYPE);
    const tag = etagOf(req);
    if (tag) res.setHeader("ETag", tag);
    res.send(BODY);
  });
  return router;
}
