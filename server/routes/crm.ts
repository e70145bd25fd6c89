/** POST /api/crm/clients: create (or return the existing) CRM client for a claim request. */
import { Router } from "express";
import { z } from "zod";
import { ownerOf } from "../auth/requestContext";
import type { AppContext } from "../context";
import { badRequest, notFound } from "../http/errors";
import { isUuid, parseBody } from "../http/validate";
import { findOwnedClaimRequest, setCrmClientUuid } from "../store/claimRequests";
import { NO_CLAIM_REQUEST } from "./claimRequests";

const body = z.strictObject({
  claim_request_id: z.string().refine(isUuid, "must be a valid id"),
  brand_id: z.string().min(1).max(100),
  provider_type: z.string().min(1).max(100),
});

export function crmRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post("/crm/clients", async (req, res) => {
    const input = parseBody(body, req);
    const row = await findOwnedClaimRequest(ctx.db, input.claim_request_id, ownerOf(res));
    if (!row) throw notFound(NO_CLAIM_REQUEST);
    if (!ctx.brands.some((b) => b.brandId === input.brand_id)) throw badRequest(`Unknown brand '${input.brand_id}'`);
    const provider = ctx.crm.get(input.provider_type);
    if (!provider) throw badRequest(`Unknown CRM provider '${input.provider_type}'`);
    if (row.crm_client_uuid) {
      res.json({ success: true, client: { uuid: row.crm_client_uuid } });
      return;
    }
    try {
      const client = await provider.createClient({ claimRequestId: row.id, claimReference: row.claim_reference, brandId: input.brand_id });
      await setCrmClientUuid(ctx.db, row.id, client.uuid);
      res.json({ success: true, client: { uuid: client.uuid } });
    } catch (error) {
      req.log.warn({ err: error, provider: provider.providerType }, "CRM client creation failed");
      res.status(502).json({ success: false, error: "We couldn't reach the CRM right now. Please try again later." });
    }
  });
  return router;
}
