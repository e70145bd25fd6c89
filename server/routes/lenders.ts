/** GET /api/lenders?companyId=…: the lenders a company offers for manual selection. */
import { Router } from "express";
import { z } from "zod";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { notFound } from "../http/errors";
import { parseQuery } from "../http/validate";
import { companyIsKnown, companyLenders } from "../store/lenders";

export const COMPANY_UNKNOWN = "Company information not available. Please try again later.";
export const NO_LENDERS = "No lenders found for selection. Please try again later.";

const query = z.object({ companyId: z.string().trim().min(1).max(100).optional() });

export function lenderRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get("/lenders", async (req, res) => {
    const { companyId: given } = parseQuery(query, req);
    const companyId = given ?? brandForRequest(ctx.brands, req, ctx.production).companyId;
    const known = ctx.brands.some((b) => b.companyId === companyId) || (await companyIsKnown(ctx.db, companyId));
    if (!known) throw notFound(COMPANY_UNKNOWN);
    const lenders = await companyLenders(ctx.db, companyId);
    if (lenders.length === 0) throw notFound(NO_LENDERS);
    res.json({ lenders });
  });
  return router;
}
