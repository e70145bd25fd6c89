/**
 * GET /api/portal/progress: each of the signed-in user's claims with its stage timeline, in the
 * brand's words, in the language of the portal page that asks: {claims: [{id, lender_name, claim_reference, stage, amount,
 * next, timeline}]}.
 * `amount` is null until the CRM reports one (the portal never shows £0).
 */
import { Router } from "express";
import { CLAIM_STAGES, OPTIONAL_CLAIM_STAGES, type ClaimStage } from "../../schema/content.schema";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { portalStagesFor } from "../content/portalStages";
import { visitContent } from "../language/consumerLanguage";
import { signedInUser } from "../portal/signedInUser";
import { listClaimProgress } from "../store/claimProgress";
import { listUserClaimRequests } from "../store/claimRequests";
import { listClaims, toClaimEntry } from "../store/claims";

export type TimelineState = "done" | "skipped" | "current" | "upcoming";

function stateOf(stage: ClaimStage, index: number, currentIndex: number, reached: Record<string, string> | undefined): TimelineState {
  if (index === currentIndex) return "current";
  if (index > currentIndex) return "upcoming";
  return OPTIONAL_CLAIM_STAGES.includes(stage) && !reached?.[stage] ? "skipped" : "done";
}

export function portalProgressRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get("/portal/progress", async (req, res) => {
    const user = signedInUser(res);
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    const words = visitContent(ctx, req, brand);
    const copy = portalStagesFor(words.brand, words.site);
    const requests = await listUserClaimRequests(ctx.db, user.id);
    const claims = (
      await listClaims(
        ctx.db,
        requests.map((r) => r.id),
      )
    ).map(toClaimEntry);
    const progress = new Map(
      (
        await listClaimProgress(
          ctx.db,
          claims.map((c) => c.id),
        )
      ).map((p) => [p.claim_id, p]),
    );
    res.json({
      claims: claims.map((claim) => {
        const p = progress.get(claim.id);
        const stage = (CLAIM_STAGES as readonly string[]).includes(p?.stage ?? "") ? (p!.stage as ClaimStage) : "submitted";
        const at = CLAIM_STAGES.indexOf(stage);
        return {
          id: claim.id,
          lender_name: claim.lender_name,
          claim_reference: claim.claim_reference,
          stage,
          amount: p?.known_amount != null && Number(p.known_amount) > 0 ? Number(p.known_amount) : null,
          next: copy[stage].next,
          timeline: CLAIM_STAGES.map((s, i) => ({
            stage: s,
            label: copy[s].label,
            state: stateOf(s, i, at, p?.reached),
            reached_at: p?.reached[s] ?? null,
          })),
        };
      }),
    });
  });
  return router;
}
