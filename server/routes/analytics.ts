/**
 * First-party funnel analytics:
 *   POST /api/analytics/events   a batch of the renderer's events (sendBeacon); 204, written later in batches
 *   POST /api/analytics/opt-out  {out}: the privacy page's opt-out (or back in); 204
 * Events are keyed by the visit cookie (analytics/visit.ts); a browser without one, or opted out, is answered
 * 204 and nothing is kept. Junk is refused with 400 and nothing is kept.
 */
import type { RequestHandler, Router } from "express";
import { z } from "zod";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { badRequest, HttpError } from "../http/errors";
import { jsonBody } from "../http/jsonBody";
import { parseWith } from "../http/validate";
import { eventBatchSchema, MAX_BATCH_BYTES } from "../analytics/eventBatch";
import { assignVariants } from "../analytics/experiments";
import { setOptOut, visitOf } from "../analytics/visit";
import type { AnalyticsEventRow } from "../analytics/eventWriter";

const optOutBody = z.strictObject({ out: z.boolean() });

/** A declared size over the limit is refused before a byte is read; jsonBody caps an undeclared one. */
const sizeLimit: RequestHandler = (req, _res, next) => {
  const declared = Number(req.headers["content-length"] ?? 0);
  next(
    declared > MAX_BATCH_BYTES
      ? new HttpError(413, `The request body is too large (the limit is ${MAX_BATCH_BYTES / 1024} kB)`)
      : undefined,
  );
};

/**
 * navigator.sendBeacon sends a string as text/plain;charset=UTF-8 (a Blob typed application/json is refused by
 * some browsers): this route reads that as JSON. The origin check before it still refuses other sites.
 */
const beaconText: RequestHandler = (req, _res, next) => {
  if (/^text\/plain\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
    req.headers["content-type"] = req.headers["content-type"]!.replace(/^text\/plain/i, "application/json");
  }
  next();
};

/** Added straight to the API router ahead of its JSON parser (like the address lookups): the busiest call after them. */
export function addAnalyticsRoutes(router: Router, ctx: AppContext, limit: RequestHandler) {
  router.post("/analytics/events", limit, sizeLimit, beaconText, jsonBody, (req, res) => {
    const batch = parseWith(eventBatchSchema, req.body);
    const funnel = ctx.funnels.find((f) => f.version === batch.v);
    if (!funnel) throw badRequest("Unknown funnel version");
    const steps = new Set(funnel.steps.map((s) => s.id));
    if (batch.e.some((e) => !steps.has(e.s))) throw badRequest("Unknown step");
    const visitId = visitOf(req, ctx.cookies);
    if (visitId && ctx.analytics) {
      const now = Date.now();
      const brand = brandForRequest(ctx.brands, req, ctx.production);
      const variants = assignVariants(brand, visitId, new Date(now));
      const rows = batch.e.map((e): AnalyticsEventRow => ({
        visitId,
        brandId: brand.brandId,
        funnelVersion: funnel.version,
        variants,
        kind: e.k,
        stepId: e.s,
        // Only the kinds that carry them keep them.
        fieldPath: e.k === "validation_failed" ? e.f : undefined,
        rule: e.k === "validation_failed" ? e.r : undefined,
        hook: e.k === "hook" ? e.h : undefined,
        outcome: e.k === "hook" || e.k === "step_left" ? e.o : undefined,
        occurredAt: new Date(now - e.a),
      }));
      ctx.analytics.add(rows);
    }
    res.status(204).end();
  });
  router.post("/analytics/opt-out", jsonBody, (req, res) => {
    const { out } = parseWith(optOutBody, req.body);
    setOptOut(res, ctx.cookies, out);
    res.status(204).end();
  });
}
