/**
 * The signed-in consumer's data rights:
 *   GET  /api/privacy/export                    everything held about them, as a JSON download
 *   GET  /api/privacy/signature/:claimRequestId  their drawn signature as a PNG (or SVG) download
 *   GET  /api/privacy/letter-of-authority/:claimRequestId  the signed letter of authority as a PDF (as stored when signed)
 *   GET  /api/privacy/summary-document/:claimRequestId     the summary document as a PDF (as stored when emailed)
 *   POST /api/privacy/erase {password}          erase their personal data, delete the account, sign out everywhere
 */
import { Router } from "express";
import { z } from "zod";
import { identityOf } from "../auth/requestContext";
import type { AppContext } from "../context";
import { openSignature } from "../crypto/sealedColumns";
import { FUNNEL_COOKIE, SESSION_COOKIE, clearCookie } from "../http/cookies";
import { HttpError, notFound } from "../http/errors";
import { isUuid, parseBody, parseParams } from "../http/validate";
import { findClaimRequestById } from "../store/claimRequests";
import { NO_PASSWORD } from "../store/users";
import { NOT_SIGNED_IN } from "../portal/signedInUser";
import { visitWords } from "../language/consumerLanguage";
import { CLAIM_DOCUMENT_KINDS, documentFileName, openClaimDocument } from "../documents/claimDocuments";
import { buildQueuedLetters, letterOfAuthorityFor } from "../documents/letterOfAuthority";
import { signatureBytes } from "../claims/signature";
import { eraseSubject, exportSubject, findSubject } from "../subjectRights";

const NO_SIGNATURE = "No drawn signature found";
const NO_DOCUMENT = { "letter-of-authority": "No signed letter of authority found", "summary-document": "No summary document found" };

const eraseBody = z.strictObject({ password: z.string().max(200).optional() });
const signatureParams = z.object({ claimRequestId: z.string().refine(isUuid, "must be a valid id") });

export function privacyRoutes(ctx: AppContext): Router {
  const router = Router();
  const signedIn = (res: Parameters<typeof identityOf>[0]) => {
    const { user } = identityOf(res);
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    return user;
  };

  router.get("/privacy/export", async (_req, res) => {
    const user = signedIn(res);
    const subject = await findSubject(ctx.db, { userId: user.id });
    await buildQueuedLetters(ctx, subject.claimRequestIds);
    const data = await exportSubject(ctx.db, ctx.dataKeyring, subject);
    res.setHeader("Content-Disposition", `attachment; filename="my-data-${data.exported_at.slice(0, 10)}.json"`);
    res.json(data);
  });

  router.get("/privacy/signature/:claimRequestId", async (req, res) => {
    const user = signedIn(res);
    const { claimRequestId } = parseParams(signatureParams, req);
    const row = await findClaimRequestById(ctx.db, claimRequestId);
    if (!row || row.user_id !== user.id) throw notFound(NO_SIGNATURE);
    const image = signatureBytes(openSignature(ctx.dataKeyring, row.id, row.signature) ?? "");
    if (!image) throw notFound(NO_SIGNATURE);
    const extension = image.contentType === "image/png" ? "png" : "svg";
    res.setHeader("Content-Type", image.contentType);
    res.setHeader("Content-Disposition", `attachment; filename="signature-${row.claim_reference}.${extension}"`);
    res.send(image.bytes);
  });

  for (const kind of CLAIM_DOCUMENT_KINDS) {
    router.get(`/privacy/${kind}/:claimRequestId`, async (req, res) => {
      const user = signedIn(res);
      const { claimRequestId } = parseParams(signatureParams, req);
      const row = await findClaimRequestById(ctx.db, claimRequestId);
      if (!row || row.user_id !== user.id) throw notFound(NO_DOCUMENT[kind]);
      // A letter whose background build has not run yet is built now.
      const pdf =
        kind === "letter-of-authority"
          ? await letterOfAuthorityFor(ctx, row)
          : await openClaimDocument(ctx.db, ctx.dataKeyring, row.id, kind);
      if (!pdf) throw notFound(NO_DOCUMENT[kind]);
      res.setHeader("Content-Type", "application/pdf");
      res.setHeader("Content-Disposition", `attachment; filename="${documentFileName(kind, row.claim_reference)}"`);
      res.send(pdf);
    });
  }

  router.post("/privacy/erase", async (req, res) => {
    const user = signedIn(res);
    const { password } = parseBody(eraseBody, req);
    // A stolen session alone cannot erase an account: the password is asked again (accounts without one skip this).
    if (user.password_hash !== NO_PASSWORD && !(password && (await ctx.passwords.verify(password, user.password_hash)))) {
      throw new HttpError(403, visitWords(ctx, req).account.erasePasswordWrong);
    }
    const summary = await eraseSubject(ctx.db, await findSubject(ctx.db, { userId: user.id }), ctx);
    ctx.outbox?.wake();
    req.log.info({ erasure: summary }, "personal data erased at the consumer's request");
    clearCookie(res, SESSION_COOKIE, ctx.cookies);
    clearCookie(res, FUNNEL_COOKIE, ctx.cookies);
    res.json({ ok: true, erased: summary });
  });

  return router;
}
