/**
 * GET /api/claim-requests/:id/form-data: a claim request as the funnel's form
 * data, for the visitor who comes back to it on the same device. The browser
 * keeps only the id; this gives back the answers (signature included) to the
 * owner only: the funnel cookie that started it, or the signed-in account
 * that holds it. Anything else is 404.
 */
import { visitWords } from "../language/consumerLanguage";
import { Router } from "express";
import { z } from "zod";
import { ownerOf } from "../auth/requestContext";
import type { AppContext } from "../context";
import { openSignature } from "../crypto/sealedColumns";
import { notFound } from "../http/errors";
import { isUuid, parseParams } from "../http/validate";
import { findOwnedClaimRequest } from "../store/claimRequests";
import { claimRequestFormData } from "./access";
import type { ClaimFormDataAnswer } from "../../schema/api/funnelCalls";

const params = z.object({ id: z.string().refine(isUuid, "must be a valid id") });

export function resumeRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get("/claim-requests/:id/form-data", async (req, res) => {
    const { id } = parseParams(params, req);
    const row = await findOwnedClaimRequest(ctx.db, id, ownerOf(res));
    if (!row) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    const signature = openSignature(ctx.dataKeyring, row.id, row.signature);
    res.json({ data: { ...(await claimRequestFormData(ctx, row)), ...(signature ? { signature } : {}) } } satisfies ClaimFormDataAnswer);
  });
  return router;
}
