/**
 * GET /api/access?version=v4&step=lender-selection: the funnel's access
 * guard decided for this visitor (the same decision the page request got),
 * and, when the guard loads the claim request, the form data it fills in.
 * Always 200: {ok:true, data} or {ok:false, redirect}.
 */
import { Router } from "express";
import { z } from "zod";
import { findFunnelByPath } from "../../engine/routes";
import type { FormData } from "../../engine/paths";
import { decideAccess } from "../auth/accessGuard";
import { identityOf } from "../auth/requestContext";
import type { AppContext } from "../context";
import { notFound } from "../http/errors";
import { parseQuery } from "../http/validate";
import { addressGroupOf } from "../../schema/rules/addressGroup";
import { toFormData, type ClaimRequestRow } from "../store/claimRequests";
import { listClaims, toClaimEntry } from "../store/claims";
import { openAnswers } from "../claims/answers";

const query = z.object({ version: z.string().min(1).max(40), step: z.string().min(1).max(60) });

/** The claim request as the funnel's form data: the applicant, its reference and its claims (status 'pending' until shown). */
export async function claimRequestFormData(
  ctx: Pick<AppContext, "db" | "dataKeyring" | "funnels">,
  row: ClaimRequestRow,
): Promise<FormData> {
  const claims = (await listClaims(ctx.db, [row.id])).map(toClaimEntry);
  const funnel = ctx.funnels.find((f) => f.version === row.funnel_version);
  const answers = openAnswers(ctx.dataKeyring, row.id, row.answers_sealed);
  const { signature: _signature, ...data } = toFormData(row, answers, funnel && addressGroupOf(funnel));
  return {
    ...data,
    claim_request_id: row.id,
    claim_reference: row.claim_reference,
    claims,
    claimsFound: claims.length,
  };
}

export function accessRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get("/access", async (req, res) => {
    const { version, step } = parseQuery(query, req);
    const funnel = findFunnelByPath(ctx.funnels, version);
    if (!funnel) throw notFound(`Unknown funnel version '${version}'`);
    const decision = await decideAccess(ctx.db, funnel.access, {
      user: identityOf(res).user,
      scopeClaimRequestId: identityOf(res).scopeClaimRequestId,
      stepId: step,
    });
    if (!decision.ok) {
      res.json({ ok: false, redirect: decision.redirect });
      return;
    }
    const data =
      funnel.access?.load === "claimRequest" && decision.claimRequest ? await claimRequestFormData(ctx, decision.claimRequest) : {};
    res.json({ ok: true, data });
  });
  return router;
}
