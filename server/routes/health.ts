import { Router } from "express";
import type { AppContext } from "../context";

export function healthRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get("/health", async (_req, res) => {
    try {
      await ctx.db.query("SELECT 1");
      res.json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable", error: "The database is not reachable" });
    }
  });
  return router;
}
