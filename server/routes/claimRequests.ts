/**
 * POST /api/claim-requests creates or updates a claim request from funnel form
 * data, re-validated with the definition's own rules; GET /api/claim-requests/:id
 * returns the owner's record with its claims.
 */
import { randomUUID } from "node:crypto";
import { Router } from "express";
import { z } from "zod";
import { findFunnelByPath } from "../../engine/routes";
import { ensureFunnelSession, identityOf, ownerOf } from "../auth/requestContext";
import { brandForRequest } from "../brands";
import { toColumnChanges, type ClaimRequestChanges } from "../claims/claimRequestColumns";
import { openSignature, sealSignature } from "../crypto/sealedColumns";
import { mergeAnswers, openAnswers, sealAnswers, type Answers } from "../claims/answers";
import { recordConsents } from "../privacy/consentEvents";
import { deliverSummary } from "../documents/summaryDelivery";
import { dropClaimDocument } from "../documents/claimDocuments";
import { enqueueLetterOfAuthority } from "../documents/letterJob";
import { logUncommonEmailDomain } from "../claims/emailDomain";
import { getPath } from "../../engine/paths";
import { brandPrefix, generateReference } from "../claims/claimReference";
import { checkFormData } from "../claims/formData";
import { changesSignedIdentity, keepingSignature, signsAgain } from "../claims/identityLock";
import type { AppContext } from "../context";
import { isUniqueViolation } from "../db/db";
import { HttpError, badRequest, notFound } from "../http/errors";
import { isUuid, parseBody, parseParams } from "../http/validate";
import { addressGroupOf } from "../../schema/rules/addressGroup";
import { pathOfColumn } from "../../schema/storedFields";
import { findOwnedClaimRequest, insertClaimRequest, toFormData, updateClaimRequest } from "../store/claimRequests";
import { consumerLanguage, visitWords } from "../language/consumerLanguage";
import { ENGLISH, funnelInLanguage, visitLanguage } from "../language/visitLanguage";
import { claimRequestRecord } from "./records";
import { submitClaimRequestBody, type SubmitClaimRequestAnswer } from "../../schema/api/claimRequests";

const uuid = z.string().refine(isUuid, "must be a valid id");

const idParams = z.object({ id: uuid });

/** A random reference may, very rarely, be taken already: draw again. */
async function insertWithFreshReference<T>(insert: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert();
    } catch (error) {
      if (attempt < attempts && isUniqueViolation(error, "claim_requests_claim_reference_key")) continue;
      throw error;
    }
  }
}

/** The signature is stored encrypted, bound to its claim request. */
function sealChanges(ctx: AppContext, id: string, changes: ClaimRequestChanges): ClaimRequestChanges {
  const signature = changes.columns.signature;
  if (typeof signature !== "string") return changes;
  return { ...changes, columns: { ...changes.columns, signature: sealSignature(ctx.dataKeyring, id, signature) } };
}

/** The sealed answers once `changes` are laid over `existing`; undefined when no answer was sent (nothing to rewrite). */
function sealedAnswersAfter(ctx: AppContext, id: string, existing: Answers, changes: ClaimRequestChanges): string | null | undefined {
  if (!changes.answers || Object.keys(changes.answers).length === 0) return undefined;
  return sealAnswers(ctx.dataKeyring, id, mergeAnswers(existing, changes.answers));
}

export function claimRequestRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post("/claim-requests", async (req, res) => {
    const body = parseBody(submitClaimRequestBody, req);
    // The browser sends the funnel's version; its URL path may differ (v5 runs at /claim/apply-today).
    const funnel = ctx.funnels.find((f) => f.version === body.version) ?? findFunnelByPath(ctx.funnels, body.version);
    if (!funnel) throw badRequest(`Unknown funnel version '${body.version}'`);
    if (!funnel.steps.some((s) => s.id === body.step)) throw badRequest(`Unknown step '${body.step}' in funnel ${funnel.version}`);
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    // Checked with the funnel in the visit's language, so a refusal carries the messages the visitor read; stored
    // with the English one (the two differ only in their words).
    const visit = visitLanguage(req, ctx.cookies);
    const checked = funnelInLanguage(funnel, visit, brand, ctx.languages);
    const language = consumerLanguage(ctx, brand, visit);
    const storedLanguage = language === ENGLISH ? null : language;
    const text = visitWords(ctx, req);
    const words = { errorSummaryTitle: text.common.errorSummaryTitle, ...text.claimAnswers, request: text.request };

    if (body.claim_request_id) {
      const id = body.claim_request_id;
      const { row, letterQueued } = await ctx.db.transaction(async (tx) => {
        const existing = await findOwnedClaimRequest(tx, id, ownerOf(res), true);
        if (!existing) throw notFound(visitWords(ctx, req).common.noClaimRequest);
        const existingAnswers = openAnswers(ctx.dataKeyring, id, existing.answers_sealed);
        const check = checkFormData(checked, body.step, body.data, {
          words,
          existing: toFormData(existing, existingAnswers, addressGroupOf(funnel)),
        });
        if (!check.ok) throw new HttpError(400, check.error, check.fieldErrors ? { fieldErrors: check.fieldErrors } : {});
        const email = getPath(check.data, pathOfColumn("email"));
        if (email !== existing.email) logUncommonEmailDomain(req.log, email, funnel.version);
        // The lock compares what was signed, not its ciphertext: the stored signature sent back is not a new one.
        const signed = { ...existing, signature: openSignature(ctx.dataKeyring, id, existing.signature) };
        const changes = keepingSignature(signed.signature, toColumnChanges(funnel, check.data, check.present));
        if (changesSignedIdentity(signed, changes, existingAnswers, addressGroupOf(funnel)))
          throw new HttpError(409, words.identityLocked, { identityLocked: true });
        const answersSealed = sealedAnswersAfter(ctx, id, existingAnswers, changes);
        const updated = await updateClaimRequest(tx, id, sealChanges(ctx, id, changes), answersSealed, storedLanguage);
        const again = signsAgain(signed.signature, changes);
        await recordConsents(tx, ctx, updated, { signedAgain: again });
        // A first signature, or a new one: the letter is built and delivered in the background (documents/letterJob.ts),
        // queued with the signature so it cannot be lost; a letter signed again replaces the old one.
        const letter = again || (signed.signature === null && updated.signature !== null);
        if (again) await dropClaimDocument(tx, id, "letter-of-authority");
        if (letter) await enqueueLetterOfAuthority(tx, id);
        return { row: updated, letterQueued: letter };
      });
      if (letterQueued) ctx.outbox?.wake();
      await deliverSummary(ctx, row, body.step);
      res.json({ id: row.id, claim_reference: row.claim_reference } satisfies SubmitClaimRequestAnswer);
      return;
    }

    const check = checkFormData(checked, body.step, body.data, { words });
    if (!check.ok) throw new HttpError(400, check.error, check.fieldErrors ? { fieldErrors: check.fieldErrors } : {});
    logUncommonEmailDomain(req.log, getPath(check.data, pathOfColumn("email")), funnel.version);
    const prefix = brandPrefix(brand.brandName, brand.brandId);
    const id = randomUUID();
    const changes = toColumnChanges(funnel, check.data, check.present);
    const input = {
      id,
      sessionHash: await ensureFunnelSession(ctx.db, res, ctx.cookies),
      brandId: brand.brandId,
      funnelVersion: funnel.version,
      changes: sealChanges(ctx, id, changes),
      answersSealed: sealedAnswersAfter(ctx, id, {}, changes),
      userId: identityOf(res).user?.id ?? null,
      language: storedLanguage,
    };
    const row = await insertWithFreshReference(() => insertClaimRequest(ctx.db, { ...input, reference: generateReference(prefix) }));
    // Idempotent: a consent missed here (a failure in between) is recorded with the next submission.
    await recordConsents(ctx.db, ctx, row);
    if (row.signature) {
      await enqueueLetterOfAuthority(ctx.db, row.id);
      ctx.outbox?.wake();
    }
    res.status(201).json({ id: row.id, claim_reference: row.claim_reference } satisfies SubmitClaimRequestAnswer);
  });

  router.get("/claim-requests/:id", async (req, res) => {
    const { id } = parseParams(idParams, req);
    const row = await findOwnedClaimRequest(ctx.db, id, ownerOf(res));
    if (!row) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    res.json(await claimRequestRecord(ctx.db, { ...row, signature: openSignature(ctx.dataKeyring, row.id, row.signature) }));
  });

  return router;
}
