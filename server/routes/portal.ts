/**
 * GET /api/portal/claims: the signed-in user's claim requests with their claims, their other answers and their stored
 * documents (each with its link name from content/site.json `portalDocuments` and its owner-only download path), worded
 * in the language of the portal page that asks.
 */
import { Router } from "express";
import { identityOf } from "../auth/requestContext";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { listUserClaimRequests } from "../store/claimRequests";
import { NOT_SIGNED_IN } from "../portal/signedInUser";
import { claimRequestRecords } from "./records";
import { openAnswers } from "../claims/answers";
import { answerDetails } from "../portal/answerDetails";
import { listClaimDocuments } from "../documents/claimDocuments";
import { buildQueuedLetters } from "../documents/letterOfAuthority";
import type { PortalClaimRequest, PortalClaimsAnswer } from "../../schema/api/portalClaims";
import { consumerLanguage, contentIn } from "../language/consumerLanguage";
import { funnelInLanguage, visitLanguage } from "../language/visitLanguage";

export function portalRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get("/portal/claims", async (req, res) => {
    const { user } = identityOf(res);
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    const language = consumerLanguage(ctx, brand, visitLanguage(req, ctx.cookies));
    const { site } = contentIn(ctx, language, brand);
    const funnelOf = (version: string) => {
      const funnel = ctx.funnels.find((f) => f.version === version);
      return funnel && funnelInLanguage(funnel, language, brand, ctx.languages);
    };
    const rows = await listUserClaimRequests(ctx.db, user.id);
    const records = await claimRequestRecords(ctx.db, rows);
    await buildQueuedLetters(
      ctx,
      rows.map((r) => r.id),
    );
    const documents = await listClaimDocuments(ctx.db, rows);
    // The portal shows whether a claim is signed, not the signature image itself; the other answers under their labels.
    const claimRequests = records.map(({ signature, ...record }, i): PortalClaimRequest => ({
      ...record,
      signed: Boolean(signature),
      answers: answerDetails(funnelOf(rows[i].funnel_version), openAnswers(ctx.dataKeyring, rows[i].id, rows[i].answers_sealed), {
        yes: site.text.portal.answerYes,
        no: site.text.portal.answerNo,
      }),
      documents: documents
        .filter((d) => d.claim_request_id === record.id)
        .map((d) => ({
          kind: d.kind,
          label: site.portalDocuments[d.kind],
          href: `/api/privacy/${d.kind}/${d.claim_request_id}`,
        })),
    }));
    res.json({ user: { email: user.email }, claimRequests, claims: records.flatMap((r) => r.claims) } satisfies PortalClaimsAnswer);
  });
  return router;
}
