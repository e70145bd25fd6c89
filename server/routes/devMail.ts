/**
 * GET /api/dev/mail?to=…: the sandbox mailbox, newest first. A dev tool:
 * it answers only requests the dev tools answer (server/http/devTools.ts:
 * never in production, only from this machine unless DEV_TOOLS=true); to
 * anyone else it does not exist (404), since a reset link read here takes
 * over an account.
 */
import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../context";
import { parseQuery } from "../http/validate";
import { devToolsAllowed } from "../http/devTools";

const query = z.object({ to: z.string().trim().max(320).optional() });

export function devMailRoutes(ctx: AppContext): Router {
  const router = Router();
  if (ctx.production || ctx.devTools === "off" || !ctx.mailbox) return router;
  const mailbox = ctx.mailbox;
  router.get("/dev/mail", (req, res, next) => {
    if (!devToolsAllowed(req)) return next();
    const { to } = parseQuery(query, req);
    res.json({ mails: mailbox.list(to) });
  });
  return router;
}
