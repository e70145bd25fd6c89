/**
 * POST /api/crm/clients: create (or return the existing) CRM client for a claim request.
 * The body keeps its documented shape ({claim_request_id, brand_id, provider_type}), but the brand and the CRM
 * provider come from the claim request's own brand (or CRM_PROVIDER), never from what the browser says.
 */
import { visitWords } from "../language/consumerLanguage";
import { Router } from "express";
import { ownerOf } from "../auth/requestContext";
import { defaultBrand } from "../brands";
import type { AppContext } from "../context";
import { badRequest, notFound } from "../http/errors";
import { parseBody } from "../http/validate";
import { databaseFault } from "../db/unavailable";
import { enqueue } from "../outbox/store";
import { enqueueLetterOfAuthority } from "../documents/letterJob";
import { findOwnedClaimRequest, setCrmClientUuid } from "../store/claimRequests";
import { crmClientInput } from "../crm/clientInput";
import { crmClientBody, type CrmClientAnswer } from "../../schema/api/funnelCalls";

export function crmRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post("/crm/clients", async (req, res) => {
    const input = parseBody(crmClientBody, req);
    const row = await findOwnedClaimRequest(ctx.db, input.claim_request_id, ownerOf(res));
    if (!row) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    const brand = ctx.brands.find((b) => b.brandId === row.brand_id) ?? defaultBrand(ctx.brands);
    // CRM_PROVIDER, when set, decides for every brand.
    const providerType = ctx.crmProviderOverride ?? brand.crm_provider.provider_type;
    const provider = ctx.crm.get(providerType);
    if (!provider) throw badRequest(`Unknown CRM provider '${providerType}'`);
    if (row.crm_client_uuid) {
      res.json({ success: true, client: { uuid: row.crm_client_uuid } } satisfies CrmClientAnswer);
      return;
    }
    try {
      const client = await provider.createClient(crmClientInput(ctx, row, brand.brandId));
      // The uuid and the deliveries that announce it are stored together: the outbox then delivers them, retrying
      // through an outage, so the funnel never waits for the CRM.
      // A claim signed before its CRM client existed has its letter delivered now (documents/letterJob.ts).
      const outbox = (client.outbox ?? []).map((message) => ({ ...message, claimRequestId: row.id }));
      if (outbox.length || row.signature) {
        await ctx.db.transaction(async (tx) => {
          await setCrmClientUuid(tx, row.id, client.uuid);
          await enqueue(tx, outbox);
          if (row.signature) await enqueueLetterOfAuthority(tx, row.id);
        });
        ctx.outbox?.wake();
      } else {
        await setCrmClientUuid(ctx.db, row.id, client.uuid);
      }
      res.json({ success: true, client: { uuid: client.uuid } } satisfies CrmClientAnswer);
    } catch (error) {
      // The database failing is not the CRM failing: that is a 503 like anywhere else.
      if (databaseFault(error)) throw error;
      req.log.warn({ err: error, provider: provider.providerType }, "CRM client creation failed");
      res
        .status(502)
        .json({ success: false, error: "We couldn't reach the CRM right now. Please try again later." } satisfies CrmClientAnswer);
    }
  });
  return router;
}
