/**
 * GET /api/portal/claims: the signed-in user's claim requests with their claims, their other answers and their stored
 * documents (each with its link name from content/site.json `portalDocuments` and its owner-only download path).
 */
import { Router } from "express";
import { identityOf } from "../auth/requestContext";
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

export function portalRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get("/portal/claims", async (_req, res) => {
    const { user } = identityOf(res);
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
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
      answers: answerDetails(
        ctx.funnels.find((f) => f.version === rows[i].funnel_version),
        openAnswers(ctx.dataKeyring, rows[i].id, rows[i].answers_sealed),
      ),
      documents: documents
        .filter((d) => d.claim_request_id === record.id)
        .map((d) => ({
          kind: d.kind,
          label: ctx.content.site.portalDocuments[d.kind],
          href: `/api/privacy/${d.kind}/${d.claim_request_id}`,
        })),
    }));
    res.json({ user: { email: user.email }, claimRequests, claims: records.flatMap((r) => r.claims) } satisfies PortalClaimsAnswer);
  });
  return router;
}
