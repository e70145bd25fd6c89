/**
 * GET /api/dev/mail?to=…: the sandbox mailbox, newest first. Mounted only
 * when NODE_ENV is not production (development and tests read password
 * reset links from it); in production the route does not exist.
 */
import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../context";
import { parseQuery } from "../http/validate";

const query = z.object({ to: z.string().trim().max(320).optional() });

export function devMailRoutes(ctx: AppContext): Router {
  const router = Router();
  if (ctx.production || !ctx.mailbox) return router;
  const mailbox = ctx.mailbox;
  router.get("/dev/mail", (req, res) => {
    const { to } = parseQuery(query, req);
    res.json({ mails: mailbox.list(to) });
  });
  return router;
}
