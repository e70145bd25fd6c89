/**
 * GET /api/lenders?companyId=…: the lenders a company offers for manual selection.
 *
 * Answered from the catalogue in memory, each company's answer written once at start: it is static while the server
 * runs. It needs nobody's identity, so the API mounts it ahead of the identity lookup (routes/api.ts), and it costs
 * no database round trip at all.
 */
import { Router } from "express";
import { z } from "zod";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { notFound } from "../http/errors";
import { sendJsonText } from "../http/sendJson";
import { parseQuery } from "../http/validate";
import { visitWords } from "../language/consumerLanguage";

const query = z.object({ companyId: z.string().trim().min(1).max(100).optional() });

export function lenderRoutes(ctx: AppContext): Router {
  const answers = new Map<string, string>();
  for (const companyId of Object.keys(ctx.catalogue.companies)) {
    const lenders = ctx.lenderCatalogue.companyLenders(companyId) ?? [];
    if (lenders.length) answers.set(companyId, JSON.stringify({ lenders }));
  }
  const router = Router();
  router.get("/lenders", (req, res) => {
    const { companyId: given } = parseQuery(query, req);
    const companyId = given ?? brandForRequest(ctx.brands, req, ctx.production).companyId;
    const answer = answers.get(companyId);
    if (answer) return sendJsonText(res, 200, answer);
    // A brand's company with no lenders listed is known; any other company is not.
    const said = visitWords(ctx, req).claims;
    throw notFound(ctx.brands.some((b) => b.companyId === companyId) ? said.noLenders : said.companyUnknown);
  });
  return router;
}
