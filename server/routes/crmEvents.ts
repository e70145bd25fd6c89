/**
 * POST /api/crm/events: the CRM tells us where a claim is. Signed (server/crm/eventSignature.ts),
 * idempotent by event id, order-safe by the event's own `occurred_at`. docs/openapi/crm.yaml
 * describes it. Mounted before the JSON body parser: the signature covers the raw bytes.
 *
 *   200 {received: true, duplicate, applied}   accepted (a repeat, or an event older than the claim's stage, is 200 too)
 *   400 the body is not a valid event         401 bad signature or timestamp     404 no claim with that reference
 */
import express, { Router } from "express";
import { z } from "zod";
import { CLAIM_STAGES } from "../../schema/content.schema";
import type { AppContext } from "../context";
import { portalStagesFor } from "../content/portalStages";
import { SIGNATURE_HEADER } from "../providers/crm/signature";
import { SANDBOX_CRM_EVENTS_SECRET, TIMESTAMP_HEADER, verifyEvent } from "../crm/eventSignature";
import { devToolsAllowed } from "../http/devTools";
import { HttpError, badRequest, notFound } from "../http/errors";
import { publicOrigin } from "../publicOrigin";
import { parseWith } from "../http/validate";
import { composeMail } from "../mail/composeMail";
import { contentIn, consumerLanguage, mailWording } from "../language/consumerLanguage";
import { claimContact, recordStageEvent } from "../store/claimProgress";

const eventBody = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/, "must be 8-100 letters, digits or _ . : -"),
  type: z.literal("claim.stage_changed"),
  occurred_at: z.iso.datetime({ offset: true }),
  data: z.strictObject({
    claim_reference: z.string().min(1).max(40),
    stage: z.enum(CLAIM_STAGES),
    amount: z.number().positive().max(10_000_000).multipleOf(0.01).nullable().optional(),
  }),
});

export const CRM_EVENT_MESSAGES = {
  badSignature: "Signature or timestamp not valid",
  unknownClaim: "No claim with this reference",
} as const;

export function crmEventRoutes(ctx: AppContext): Router {
  const router = Router();
  const secret = ctx.crmEventsSecret;
  if (!secret) return router;
  // The sandbox secret is in the README: a dev tool, so it is heard only where the dev tools answer (devTools.ts).
  const devToolOnly = secret === SANDBOX_CRM_EVENTS_SECRET;
  router.post("/crm/events", express.raw({ type: () => true, limit: "16kb" }), async (req, res, next) => {
    if (devToolOnly && !devToolsAllowed(req)) return next();
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const check = verifyEvent(raw, secret, { timestamp: req.get(TIMESTAMP_HEADER), signature: req.get(SIGNATURE_HEADER) });
    if (check !== "ok") {
      req.log.warn({ reason: check }, "CRM event refused");
      throw new HttpError(401, CRM_EVENT_MESSAGES.badSignature);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString("utf8"));
    } catch {
      throw badRequest("The request body is not JSON");
    }
    const event = parseWith(eventBody, json);
    const outcome = await ctx.db.transaction((tx) =>
      recordStageEvent(tx, {
        eventId: event.id,
        claimReference: event.data.claim_reference,
        stage: event.data.stage,
        amount: event.data.amount ?? null,
        occurredAt: new Date(event.occurred_at),
      }),
    );
    if (outcome.kind === "unknown-claim") throw notFound(CRM_EVENT_MESSAGES.unknownClaim);
    if (outcome.kind === "duplicate") {
      res.json({ received: true, duplicate: true, applied: false });
      return;
    }
    req.log.info({ event: event.id, stage: outcome.stage, applied: outcome.applied }, "CRM event recorded");
    res.json({ received: true, duplicate: false, applied: outcome.applied });
    if (outcome.stageChanged) {
      // After answering: the CRM's delivery does not wait for (or fail with) our mail.
      try {
        const contact = await claimContact(ctx.db, outcome.claimId);
        const brand = ctx.brands.find((b) => b.brandId === contact?.brandId);
        if (!contact?.email || !brand) return;
        // No visit here: the mail follows the language the consumer used the funnel in.
        const language = consumerLanguage(ctx, brand, contact.language);
        const inLanguage = contentIn(ctx, language, brand);
        const copy = portalStagesFor(inLanguage.brand, inLanguage.site)[event.data.stage];
        await ctx.mail.send(
          composeMail(mailWording(ctx, language), "stageChanged", {
            to: contact.email,
            brandName: brand.brandName,
            values: {
              lenderName: contact.lenderName,
              claimReference: contact.claimReference,
              stageLabel: copy.label,
              next: copy.next,
              portalLink: `${publicOrigin(req, brand, ctx.production)}/portal`,
            },
          }),
        );
      } catch (error) {
        req.log.error({ err: error, event: event.id }, "claim stage mail failed");
      }
    }
  });
  return router;
}
