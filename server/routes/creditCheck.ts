/**
 * POST /api/credit-check/run runs the brand's credit provider for a claim
 * request, stores the report, extracts and saves the eligible agreements as
 * claims. GET /api/credit-check/:id returns a stored report to its owner.
 */
import { visitWords } from "../language/consumerLanguage";
import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { ownerOf } from "../auth/requestContext";
import { brandOfClaim } from "../brands";
import type { AppContext } from "../context";
import { browserReport, creditSubjectOf, searchAndSave, CREDIT_CHECK_FAILED, type SearchOutcome } from "../credit/search";
import { HttpError, badRequest, notFound } from "../http/errors";
import { subjectHash } from "../identity/subjectHash";
import { isUuid, parseBody, parseParams } from "../http/validate";
import { findOwnedClaimRequest } from "../store/claimRequests";
import { findOwnedCreditCheck } from "../store/creditChecks";
import { identityGate } from "../identity/identityGate";
import { createSandboxVerifications, identityPersona, OTP_MAX_ATTEMPTS } from "../providers/credit/sandboxIdentity";
import { checkProviderCode } from "../identity/providerIdentity";
import { claimRequestBody } from "../../schema/api/funnelCalls";
import type { SiteText } from "../../schema/content.schema";

export { CREDIT_CHECK_FAILED };
const idParams = z.object({ id: z.string().refine(isUuid, "must be a valid id") });
const otpBody = z.strictObject({
  claim_request_id: z.string().refine(isUuid, "must be a valid id"),
  verification_id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be a valid id"),
  code: z.string().regex(/^\d{6}$/, "must be 6 digits"),
});

/**
 * What the visitor is told of a search that failed or found only part of the file: the shared content's words in the
 * visit's language, whatever the bureau said (the stored check keeps the bureau's own warning, or the stored English).
 */
function searchMessage(status: SearchOutcome["status"], words: SiteText["claims"]): string | null {
  if (status === "error") return words.creditReportFailed;
  if (status === "partial") return words.creditReportPartial;
  return null;
}

/** A refused one-time code's words, by why (the shared content's `text.claims`). */
const CODE_REFUSED = { wrong: "codeWrong", locked: "codeLocked", unknown: "codeExpired" } as const;

export function creditCheckRoutes(ctx: AppContext, limiter: RequestHandler): Router {
  const router = Router();
  // The sandbox's one-time codes (see providers/credit/sandboxIdentity.ts); real identity providers keep their own.
  const verifications = createSandboxVerifications(ctx.db);

  router.post("/credit-check/run", limiter, async (req, res) => {
    const { claim_request_id } = parseBody(claimRequestBody, req);
    const owner = ownerOf(res);
    const row = await findOwnedClaimRequest(ctx.db, claim_request_id, owner);
    const words = visitWords(ctx, req);
    if (!row) throw notFound(words.common.noClaimRequest);
    const subject = creditSubjectOf(row);
    if (!subject) throw badRequest(words.claims.detailsNeeded);
    const brand = brandOfClaim(ctx.brands, row);
    const provider = ctx.credit.get(brand.credit_check_provider_id);
    if (!provider) throw new HttpError(503, words.claims.creditCheckUnavailable);

    // The brand's identity step must have passed for exactly the details searched on (identity/identityGate.ts): an
    // affiliate-kind brand needs a verification by its own provider, a KBA brand a stored KBA pass, a real provider
    // decides here. Changing the name, date of birth or address afterwards voids a pass.
    const gate = await identityGate(ctx, brand, row, (error) =>
      req.log.warn({ err: error, provider: provider.name }, "identity verification failed"),
    );
    if (!gate.go && gate.answer) {
      res.json(gate.answer);
      return;
    }
    if (!gate.go) {
      // The funnel should have run the identity step first; an operator must hear of a brand that gets no search.
      req.log.warn({ brand: brand.brandId, provider: brand.credit_check_provider_id }, "credit check refused: identity step not passed");
      throw new HttpError(403, words.claims.verificationRequired);
    }

    // The sandbox's identity personas answer before the bureau is asked.
    const persona = provider.name === "sandbox" ? identityPersona(subject.lastName) : null;
    if (persona?.kind === "otp") {
      if (!(await verifications.isVerified(row.id))) {
        res.json({ status: "otp-required", verification_id: await verifications.start(row.id, subjectHash(ctx.dataKeyring, row)) });
        return;
      }
      if (persona.failAfterVerify) throw new HttpError(503, words.claims.creditCheckUnavailable);
    }
    if (persona?.kind === "verification") {
      res.json({ status: "verification-failed", decision: persona.decision, message: persona.message });
      return;
    }

    const outcome = await searchAndSave(ctx, row, provider, {
      lock: (tx) => findOwnedClaimRequest(tx, row.id, owner, true),
      onError: (error) => req.log.warn({ err: error, provider: provider.name }, "credit check failed"),
    }).catch((error: Error) => {
      if (error.message === "claim request gone") throw notFound(words.common.noClaimRequest);
      throw error;
    });
    res.json({ ...outcome, errorMessage: searchMessage(outcome.status, words.claims), claimsFound: outcome.claims.length });
  });

  router.post("/credit-check/otp", limiter, async (req, res) => {
    const body = parseBody(otpBody, req);
    const row = await findOwnedClaimRequest(ctx.db, body.claim_request_id, ownerOf(res));
    if (!row) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    const brand = brandOfClaim(ctx.brands, row);
    const identity = brand.credit_check_provider_id === "sandbox" ? undefined : ctx.identity.get(brand.credit_check_provider_id);
    let outcome;
    try {
      outcome = identity
        ? await checkProviderCode(ctx.db, identity, row.id, body.verification_id, body.code)
        : await verifications.verify(row.id, body.verification_id, body.code);
    } catch (error) {
      req.log.warn({ err: error, provider: brand.credit_check_provider_id }, "one-time code check failed");
      throw new HttpError(503, visitWords(ctx, req).claims.creditCheckUnavailable);
    }
    if (outcome.ok) {
      res.json({ success: true, verified: true });
      return;
    }
    const status = outcome.reason === "wrong" ? 400 : outcome.reason === "locked" ? 429 : 404;
    res.status(status).json({
      success: false,
      error: visitWords(ctx, req).claims[CODE_REFUSED[outcome.reason]],
      attemptsRemaining: outcome.attemptsRemaining,
      maxAttempts: OTP_MAX_ATTEMPTS,
    });
  });

  router.get("/credit-check/:id", async (req, res) => {
    const { id } = parseParams(idParams, req);
    const check = await findOwnedCreditCheck(ctx.db, id, ownerOf(res));
    if (!check) throw notFound("Failed to fetch credit report: 404");
    const owner = check.provider === "sandbox" ? await findOwnedClaimRequest(ctx.db, check.claim_request_id, ownerOf(res)) : null;
    const fault = identityPersona(owner?.last_name);
    if (fault?.kind === "report" && fault.fault === "fetch") throw new HttpError(502, "Failed to fetch credit report: 502");
    const unreadable = fault?.kind === "report" && fault.fault === "unreadable";
    res.json({
      data: {
        id: check.id,
        claim_request_id: check.claim_request_id,
        status: check.status,
        error_message: searchMessage(check.status, visitWords(ctx, req).claims),
        created_at: new Date(check.created_at).toISOString(),
        // Only the eligible motor-finance agreements the funnel shows; nothing else of the bureau's report.
        credit_report: unreadable || check.status === "error" ? null : browserReport(ctx, check),
      },
    });
  });

  return router;
}
