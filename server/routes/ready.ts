/**
 * GET /api/ready: whether this instance can serve traffic (the database answers
 * and every migration is applied), for a load balancer or orchestrator.
 * GET /api/health only says the process is alive.
 */
import { Router } from "express";
import type { AppContext } from "../context";
import { readMigrations } from "../db/migrate";

export function readyRoutes(ctx: AppContext): Router {
  const router = Router();
  const expected = readMigrations().map((m) => m.version);
  router.get("/ready", async (_req, res) => {
    try {
      const { rows } = await ctx.db.query<{ version: string }>("SELECT version FROM schema_migrations");
      const applied = new Set(rows.map((r) => r.version));
      const missing = expected.filter((v) => !applied.has(v));
      if (missing.length) {
        res.status(503).json({ status: "not-ready", error: `The database is missing ${missing.length} migration(s)` });
        return;
      }
      res.json({ status: "ready" });
    } catch {
      res.setHeader("Retry-After", "3");
      res.status(503).json({ status: "not-ready", error: "The database is not reachable" });
    }
  });
  return router;
}
