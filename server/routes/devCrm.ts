/**
 * GET /api/dev/crm?claim_request_id=…: what the sandbox CRM was sent (the clients created, and the events the outbox
 * delivered to it, such as the signed letter of authority), newest first. A dev tool
 * like the sandbox mailbox (server/http/devTools.ts): never in production, only from this machine.
 */
import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../context";
import { devToolsAllowed } from "../http/devTools";
import { isUuid, parseQuery } from "../http/validate";

const query = z.object({ claim_request_id: z.string().refine(isUuid, "must be a valid id").optional() });

export function devCrmRoutes(ctx: AppContext): Router {
  const router = Router();
  const sandbox = ctx.crm.get("sandbox");
  if (ctx.production || ctx.devTools === "off" || !sandbox?.recorded) return router;
  const recorded = sandbox.recorded.bind(sandbox);
  const recordedEvents = sandbox.recordedEvents?.bind(sandbox) ?? (() => []);
  router.get("/dev/crm", (req, res, next) => {
    if (!devToolsAllowed(req)) return next();
    const { claim_request_id } = parseQuery(query, req);
    res.json({ clients: recorded(claim_request_id), events: recordedEvents(claim_request_id) });
  });
  return router;
}
