/** GET /api/health: the process is alive and answering (no database call: readiness is a separate question). */
import { Router } from "express";
import type { AppContext } from "../context";

/** GET /api/health: the process is alive and answering (liveness). Whether it can serve traffic is GET /api/ready. */
export function healthRoutes(_ctx: AppContext): Router {
  const router = Router();
  router.get("/health", (_req, res) => {
    res.json({ status: "ok" });
  });
  return router;
}
