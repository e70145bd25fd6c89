/**
 * POST /api/credit-check/run runs the brand's credit provider for a claim
 * request, stores the report, extracts and saves the eligible agreements as
 * claims. GET /api/credit-check/:id returns a stored report to its owner.
 */
import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { ownerOf } from "../auth/requestContext";
import { defaultBrand } from "../brands";
import { extractClaims } from "../claims/extractClaims";
import type { AppContext } from "../context";
import { HttpError, badRequest, notFound } from "../http/errors";
import { isUuid, parseBody, parseParams } from "../http/validate";
import { findOwnedClaimRequest, type ClaimRequestRow } from "../store/claimRequests";
import { listClaims, saveClaims, toClaimEntry } from "../store/claims";
import { findOwnedCreditCheck, insertCreditCheck } from "../store/creditChecks";
import { allLenders } from "../store/lenders";
import { latestUsableVerification } from "../store/identityVerifications";
import type { CreditReport, CreditSubject } from "../providers/credit/types";
import { createSandboxVerifications, identityPersona, OTP_MAX_ATTEMPTS } from "../providers/credit/sandboxIdentity";
import { NO_CLAIM_REQUEST } from "./claimRequests";

export const CREDIT_CHECK_FAILED = "We couldn't process your credit report. Please try again.";
export const DETAILS_NEEDED = "We need to submit your details first to start the credit check.";
export const VERIFICATION_REQUIRED = "Please verify your identity before the credit check.";

const runBody = z.strictObject({ claim_request_id: z.string().refine(isUuid, "must be a valid id") });
const idParams = z.object({ id: z.string().refine(isUuid, "must be a valid id") });
const otpBody = z.strictObject({
  claim_request_id: z.string().refine(isUuid, "must be a valid id"),
  verification_id: z.string().refine(isUuid, "must be a valid id"),
  code: z.string().regex(/^\d{6}$/, "must be 6 digits"),
});

export const OTP_MESSAGES = {
  wrong: "The code you entered is not correct. Check it and try again.",
  locked: "You have entered too many incorrect codes. Request a new code.",
  unknown: "This code has expired. Request a new code.",
  retryUnavailable: "Credit checks are not available right now. Please try again later.",
} as const;

function subjectOf(row: ClaimRequestRow): CreditSubject | null {
  if (!row.first_name || !row.last_name || !row.date_of_birth || !row.address?.postcode) return null;
  return { title: row.title, firstName: row.first_name, lastName: row.last_name, dateOfBirth: row.date_of_birth, address: row.address };
}

async function runProvider(run: () => Promise<CreditReport>, timeoutMs: number): Promise<CreditReport> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Credit provider timed out")), timeoutMs);
  });
  return Promise.race([run(), timeout]).finally(() => clearTimeout(timer));
}

export function creditCheckRoutes(ctx: AppContext, limiter: RequestHandler): Router {
  const router = Router();
  // The sandbox's one-time codes (see providers/credit/sandboxIdentity.ts); real identity providers keep their own.
  const verifications = createSandboxVerifications(ctx.db);

  router.post("/credit-check/run", limiter, async (req, res) => {
    const { claim_request_id } = parseBody(runBody, req);
    const owner = ownerOf(res);
    const row = await findOwnedClaimRequest(ctx.db, claim_request_id, owner);
    if (!row) throw notFound(NO_CLAIM_REQUEST);
    const subject = subjectOf(row);
    if (!subject) throw badRequest(DETAILS_NEEDED);
    const brand = ctx.brands.find((b) => b.brandId === row.brand_id) ?? defaultBrand(ctx.brands);
    const provider = ctx.credit.get(brand.credit_check_provider_id);
    if (!provider) throw new HttpError(503, "Credit checks are not available right now. Please try again later.");

    // An affiliate-kind provider searches only after the identity check allowed it (a CHALLENGE needs its code verified).
    if (brand.credit_check_providers.provider_type === "affiliate" && !(await latestUsableVerification(ctx.db, row.id))) {
      // The funnel should have run the identity check first; an operator must hear of a brand that gets no search.
      req.log.warn({ brand: brand.brandId, provider: brand.credit_check_provider_id }, "credit check refused: no usable identity verification");
      throw new HttpError(403, VERIFICATION_REQUIRED);
    }

    // The sandbox's identity personas answer before the bureau is asked.
    const persona = provider.name === "sandbox" ? identityPersona(subject.lastName) : null;
    if (persona?.kind === "otp") {
      if (!(await verifications.isVerified(row.id))) {
        res.json({ status: "otp-required", verification_id: await verifications.start(row.id) });
        return;
      }
      if (persona.failAfterVerify) throw new HttpError(503, OTP_MESSAGES.retryUnavailable);
    }
    if (persona?.kind === "verification") {
      res.json({ status: "verification-failed", decision: persona.decision, message: persona.message });
      return;
    }

    let report: CreditReport;
    try {
      report = await runProvider(() => provider.run(subject), ctx.creditTimeoutMs);
    } catch (error) {
      req.log.warn({ err: error, provider: provider.name }, "credit check failed");
      const check = await insertCreditCheck(ctx.db, {
        claimRequestId: row.id,
        provider: provider.name,
        status: "error",
        errorMessage: CREDIT_CHECK_FAILED,
        report: null,
      });
      res.json({ status: "error", errorMessage: CREDIT_CHECK_FAILED, creditCheckId: check.id, claims: [], claimsFound: 0 });
      return;
    }

    const extracted = extractClaims(report, await allLenders(ctx.db));
    const status = report.status === "partial" ? "partial" : "success";
    const errorMessage = status === "partial" ? (report.warnings[0] ?? "Some credit reference agencies did not respond.") : null;
    const check = await ctx.db.transaction(async (tx) => {
      const locked = await findOwnedClaimRequest(tx, row.id, owner, true);
      if (!locked) throw notFound(NO_CLAIM_REQUEST);
      const saved = await insertCreditCheck(tx, { claimRequestId: row.id, provider: provider.name, status, errorMessage, report });
      await saveClaims(
        tx,
        row.id,
        row.claim_reference,
        extracted.map((c) => ({ ...c, source: "credit-check" as const, credit_check_id: saved.id })),
      );
      return saved;
    });
    const claims = (await listClaims(ctx.db, [row.id])).filter((c) => c.credit_check_id === check.id).map(toClaimEntry);
    res.json({ status, errorMessage, creditCheckId: check.id, claims, claimsFound: claims.length });
  });

  router.post("/credit-check/otp", limiter, async (req, res) => {
    const body = parseBody(otpBody, req);
    const row = await findOwnedClaimRequest(ctx.db, body.claim_request_id, ownerOf(res));
    if (!row) throw notFound(NO_CLAIM_REQUEST);
    const outcome = await verifications.verify(row.id, body.verification_id, body.code);
    if (outcome.ok) {
      res.json({ success: true, verified: true });
      return;
    }
    const status = outcome.reason === "wrong" ? 400 : outcome.reason === "locked" ? 429 : 404;
    res.status(status).json({ success: false, error: OTP_MESSAGES[outcome.reason], attemptsRemaining: outcome.attemptsRemaining, maxAttempts: OTP_MAX_ATTEMPTS });
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
        error_message: check.error_message,
        created_at: new Date(check.created_at).toISOString(),
        credit_report: unreadable ? null : check.report,
      },
    });
  });

  return router;
}
