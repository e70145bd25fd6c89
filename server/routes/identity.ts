/**
 * Identity verification before the v1/v2 credit search:
 *
 *  GET  /api/credit-check/:claimRequestId       existing verification lookup → {data:{verification_id}}
 *                                                (an id that is a credit check falls through to the report route)
 *  POST /api/credit-check/:provider/verify-user  → {success, data:{decision, verification_id, message}, error}; the
 *                                                provider is the claim's brand's: any other :provider is 403, one this
 *                                                server does not run (the sandbox in production) 404
 *  POST /api/otp/verify {verification_id, code}  → {success} or 400 {success:false, error, attemptsRemaining}
 *  POST /api/otp/resend {verification_id}        → {success, expiresInMinutes}
 *  GET  /api/kba/questions?claim_request_id=     → {questions:[{id, text, options:[{id, label}]}]}
 *  POST /api/kba/answers {claim_request_id, answers:[{question_id, answer_id}]} → {status: success|failure|manual-override}
 *  POST /api/account/check {claim_request_id}    → {existingUser, emailVerified}
 *
 * Every call is owner-only: someone else's claim request or verification is 404.
 *
 * A verification is bound to the details it checked (a keyed hash of name, date of birth and address): once
 * they change it no longer counts. Verifications are capped per claim request and per phone number (a day),
 * code guesses per verification (in all, across new codes), and KBA failures (a lockout) per claim request, per
 * person (a keyed hash of name, date of birth and postcode), per browser session and per client address;
 * every cap is counted under a row lock or by a conditional update, so parallel requests cannot slip past it.
 */
import { fillPlaceholders } from "../../engine/copy";
import { Router, type Request } from "express";
import { z } from "zod";
import { emailProven } from "../auth/claimEmailProof";
import { ownerOf } from "../auth/requestContext";
import { findUserByEmail } from "../store/users";
import { brandOfClaim } from "../brands";
import type { AppContext } from "../context";
import { HttpError, badRequest, notFound } from "../http/errors";
import { dbLimiter, type RateLimitWords } from "../http/rateLimits";
import { visitWords } from "../language/consumerLanguage";
import { isUuid, parseBody, parseParams, parseQuery } from "../http/validate";
import { IdentityProviderError, type IdentitySubject } from "../providers/identity/types";
import { findOwnedClaimRequest, type ClaimRequestRow } from "../store/claimRequests";
import { findOwnedCreditCheck } from "../store/creditChecks";
import {
  OTP_TTL_MINUTES,
  findOwnedVerification,
  insertVerification,
  latestUsableVerification,
  lockPhone,
  markCodeVerified,
  recentVerificationCounts,
  renewCode,
  takeCodeAttempt,
  VERIFICATIONS_PER_CLAIM_PER_DAY,
  VERIFICATIONS_PER_PHONE_PER_DAY,
} from "../store/identityVerifications";
import { kbaLockedOut, lockKbaKeys, recordKbaAttempt } from "../store/kbaAttempts";
import { clientAddressHash, personHash, phoneHash, subjectHash } from "../identity/subjectHash";
import { claimRequestBody, type AccountCheckAnswer } from "../../schema/api/funnelCalls";

export const MAX_CODE_SENDS = 5;
const PROVIDER_TIMEOUT_MS = 15_000;

const uuid = z.string().refine(isUuid, "must be a valid id");
const text = (max: number) => z.string().max(max);
const verifyBody = z.strictObject({
  clientRefId: uuid,
  personalDetails: z.object({ title: text(20).optional(), firstName: text(60), lastName: text(60), dateOfBirth: text(10) }),
  contactDetails: z.object({ email: text(254), phoneNumber: text(20).optional(), isTermsPolicyAgreed: z.boolean().optional() }),
  address: z.record(z.string(), z.union([z.string().max(120), z.number(), z.null()])).optional(),
  device_session_id: text(100).optional(),
  deviceSessionId: text(100).optional(),
});
const providerParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,40}$/, "must be a provider name") });
const verificationId = z.string().min(1).max(100);
const otpVerifyBody = z.strictObject({ verification_id: verificationId, code: z.string().regex(/^\d{6}$/, "must be 6 digits") });
const otpResendBody = z.strictObject({ verification_id: verificationId });
const claimQuery = z.object({ claim_request_id: uuid });
const answersBody = z.strictObject({
  claim_request_id: uuid,
  answers: z
    .array(z.strictObject({ question_id: text(40), answer_id: text(40) }))
    .min(1)
    .max(10),
});

function subjectOf(row: ClaimRequestRow): IdentitySubject | null {
  if (!row.first_name || !row.last_name || !row.date_of_birth || !row.email || !row.address?.postcode) return null;
  return {
    title: row.title,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    email: row.email,
    phoneNumber: row.phone_number,
    postcode: row.address.postcode,
  };
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new IdentityProviderError("Identity provider timed out")), PROVIDER_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const limiter = (ctx: AppContext, name: string, limit: number, error: (words: RateLimitWords) => string) =>
  dbLimiter(ctx.db, name, { windowMs: 60_000, limit, body: (req) => ({ success: false, error: error(visitWords(ctx, req).rateLimits) }) });

export function identityRoutes(ctx: AppContext): Router {
  const router = Router();
  const identity = ctx.identity;
  const kba = ctx.kba;
  const verifyLimiter = limiter(ctx, "identity-verify", 30, (w) => w.identityChecks);
  const otpLimiter = limiter(ctx, "identity-otp", 30, (w) => w.identityCodes);

  // The existing-verification lookup shares its path with the report route: a credit check id goes on to that route.
  router.get("/credit-check/:id", async (req, res, next) => {
    const id = req.params.id;
    if (!isUuid(id)) return next();
    const owner = ownerOf(res);
    if (await findOwnedCreditCheck(ctx.db, id, owner)) return next();
    const row = await findOwnedClaimRequest(ctx.db, id, owner);
    if (!row) return next();
    const brandProvider = brandOfClaim(ctx.brands, row).credit_check_provider_id;
    const found = await latestUsableVerification(ctx.db, row.id, subjectHash(ctx.dataKeyring, row), brandProvider);
    res.json({ data: { claim_request_id: row.id, verification_id: found?.verification_id ?? null, decision: found?.decision ?? null } });
  });

  router.post("/credit-check/:provider/verify-user", verifyLimiter, async (req, res) => {
    const { provider: providerName } = parseParams(providerParams, req);
    const body = parseBody(verifyBody, req);
    // A provider this server does not run (the sandbox in production, unless ALLOW_SANDBOX) is unknown.
    if (!identity.has(providerName)) throw notFound(visitWords(ctx, req).identity.unknownProvider);
    const row = await findOwnedClaimRequest(ctx.db, body.clientRefId, ownerOf(res));
    if (!row) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    // The claim's brand names the provider; the URL only has to agree with it. A verification by any other
    // provider would not count for the search anyway (identity/identityGate.ts).
    const brandProvider = brandOfClaim(ctx.brands, row).credit_check_provider_id;
    const provider = identity.get(brandProvider);
    if (!provider) throw notFound(visitWords(ctx, req).identity.unknownProvider);
    if (providerName !== brandProvider)
      throw new HttpError(403, visitWords(ctx, req).identity.wrongProvider, { success: false, data: null });
    // The stored claim is the authority; the body must agree with it on who this is.
    const subject = subjectOf(row);
    if (!subject) throw badRequest(visitWords(ctx, req).identity.missing);
    if (body.personalDetails.lastName.trim().toLowerCase() !== subject.lastName.trim().toLowerCase())
      throw badRequest(visitWords(ctx, req).identity.missing);

    const phone = phoneHash(ctx.dataKeyring, row.phone_number);
    const overCap = (counts: { claim: number; phone: number }) =>
      counts.claim >= VERIFICATIONS_PER_CLAIM_PER_DAY || counts.phone >= VERIFICATIONS_PER_PHONE_PER_DAY;
    if (overCap(await recentVerificationCounts(ctx.db, row.id, phone))) {
      throw new HttpError(429, visitWords(ctx, req).identity.tooManyVerifications, { success: false, data: null });
    }

    let result;
    try {
      result = await withTimeout(provider.verifyUser(subject, body.device_session_id ?? body.deviceSessionId ?? null));
    } catch (error) {
      req.log.warn({ err: error, provider: provider.name }, "identity verification failed");
      res.status(502).json({ success: false, data: null, error: visitWords(ctx, req).identity.failed });
      return;
    }
    // Counted again under the claim's row lock and the phone's lock, with the insert: parallel requests cannot exceed the caps.
    const stored = await ctx.db.transaction(async (tx) => {
      const locked = await findOwnedClaimRequest(tx, row.id, ownerOf(res), true);
      if (!locked) throw notFound(visitWords(ctx, req).common.noClaimRequest);
      await lockPhone(tx, phone);
      if (overCap(await recentVerificationCounts(tx, row.id, phone))) return false;
      await insertVerification(tx, {
        claimRequestId: row.id,
        provider: provider.name,
        verificationId: result.verificationId,
        decision: result.decision,
        message: result.message,
        subjectHash: subjectHash(ctx.dataKeyring, locked),
        phoneHash: phone,
      });
      return true;
    });
    if (!stored) throw new HttpError(429, visitWords(ctx, req).identity.tooManyVerifications, { success: false, data: null });
    res.json({
      success: true,
      data: { decision: result.decision, verification_id: result.verificationId, message: result.message },
      error: null,
    });
  });

  router.post("/otp/verify", otpLimiter, async (req, res) => {
    const body = parseBody(otpVerifyBody, req);
    const outcome = await ctx.db.transaction(async (tx) => {
      const found = await findOwnedVerification(tx, body.verification_id, ownerOf(res), true);
      if (!found) throw notFound(visitWords(ctx, req).identity.noVerification);
      if (found.decision !== "CHALLENGE") throw badRequest(visitWords(ctx, req).identity.notChallenged);
      if (found.otp_verified_at) return { status: 200, body: { success: true } };
      // Every guess is counted first (a conditional update), whatever happens next.
      const left = await takeCodeAttempt(tx, found.id);
      if (left < 0) return { status: 429, body: { success: false, error: visitWords(ctx, req).identity.locked, attemptsRemaining: 0 } };
      if (!found.otp_expires_at || new Date(found.otp_expires_at).getTime() < Date.now()) {
        return { status: 400, body: { success: false, error: visitWords(ctx, req).identity.expired, attemptsRemaining: left } };
      }
      const provider = identity.get(found.provider);
      if (!provider) throw new HttpError(503, visitWords(ctx, req).identity.unknownProvider);
      let valid: boolean;
      try {
        valid = await provider.checkCode(body.verification_id, body.code);
      } catch (error) {
        req.log.warn({ err: error, provider: provider.name }, "one-time code check failed");
        return { status: 502, body: { success: false, error: visitWords(ctx, req).identity.failed } };
      }
      if (valid) {
        await markCodeVerified(tx, found.id);
        return { status: 200, body: { success: true } };
      }
      const error =
        left > 1
          ? fillPlaceholders(visitWords(ctx, req).identity.wrongLeft, { left: String(left) })
          : left === 1
            ? visitWords(ctx, req).identity.wrongOneLeft
            : visitWords(ctx, req).identity.locked;
      return { status: left > 0 ? 400 : 429, body: { success: false, error, attemptsRemaining: left } };
    });
    res.status(outcome.status).json(outcome.body);
  });

  router.post("/otp/resend", otpLimiter, async (req, res) => {
    const body = parseBody(otpResendBody, req);
    const found = await findOwnedVerification(ctx.db, body.verification_id, ownerOf(res));
    if (!found) throw notFound(visitWords(ctx, req).identity.noVerification);
    if (found.decision !== "CHALLENGE") throw badRequest(visitWords(ctx, req).identity.notChallenged);
    if (found.otp_verified_at) throw badRequest(visitWords(ctx, req).identity.alreadyVerified);
    if (found.otp_sends >= MAX_CODE_SENDS) throw new HttpError(429, visitWords(ctx, req).identity.tooManySends, { success: false });
    const provider = identity.get(found.provider);
    if (!provider) throw new HttpError(503, visitWords(ctx, req).identity.unknownProvider);
    try {
      await provider.sendCode(body.verification_id);
    } catch (error) {
      req.log.warn({ err: error, provider: provider.name }, "one-time code resend failed");
      res.status(502).json({ success: false, error: visitWords(ctx, req).identity.failed });
      return;
    }
    await renewCode(ctx.db, found.id);
    res.json({ success: true, expiresInMinutes: OTP_TTL_MINUTES });
  });

  const kbaFor = (req: Request, row: ClaimRequestRow) => {
    const brand = brandOfClaim(ctx.brands, row);
    const provider = kba.get(brand.credit_check_provider_id);
    if (!provider) throw new HttpError(503, visitWords(ctx, req).identity.kbaUnavailable);
    return provider;
  };

  router.get("/kba/questions", async (req, res) => {
    const { claim_request_id } = parseQuery(claimQuery, req);
    const row = await findOwnedClaimRequest(ctx.db, claim_request_id, ownerOf(res));
    if (!row) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    const subject = subjectOf(row);
    if (!subject) throw badRequest(visitWords(ctx, req).identity.missing);
    const provider = kbaFor(req, row);
    try {
      res.json({ questions: await provider.questions(subject, row.id) });
    } catch (error) {
      req.log.warn({ err: error, provider: provider.name }, "KBA questions failed");
      throw new HttpError(503, visitWords(ctx, req).identity.kbaUnavailable);
    }
  });

  router.post("/kba/answers", otpLimiter, async (req, res) => {
    const body = parseBody(answersBody, req);
    const row = await findOwnedClaimRequest(ctx.db, body.claim_request_id, ownerOf(res));
    if (!row) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    const subject = subjectOf(row);
    if (!subject) throw badRequest(visitWords(ctx, req).identity.missing);
    const provider = kbaFor(req, row);
    // Stored, under the claim's row lock: the lockout counts every attempt, parallel ones too. A provider that
    // fails answers 503 and the attempt is not counted (the transaction rolls back).
    const status = await ctx.db.transaction(async (tx) => {
      const locked = await findOwnedClaimRequest(tx, row.id, ownerOf(res), true);
      if (!locked) throw notFound(visitWords(ctx, req).common.noClaimRequest);
      const hash = subjectHash(ctx.dataKeyring, locked);
      // Failures count per claim request, per person, per browser session and per client address: a new claim
      // request for the same person, or from the same browser or address, brings no fresh guesses.
      const owner = ownerOf(res);
      const keys = {
        person: personHash(ctx.dataKeyring, locked),
        session: owner.sessionHash ?? (owner.userId ? `user:${owner.userId}` : null),
        client: clientAddressHash(ctx.dataKeyring, req.ip),
      };
      await lockKbaKeys(tx, keys);
      if (await kbaLockedOut(tx, row.id, keys)) {
        await recordKbaAttempt(tx, row.id, hash, "locked", keys);
        return "locked" as const;
      }
      let outcome: Awaited<ReturnType<typeof provider.check>>;
      try {
        outcome = await provider.check(subject, row.id, body.answers);
      } catch (error) {
        req.log.warn({ err: error, provider: provider.name }, "KBA answers failed");
        throw new HttpError(503, visitWords(ctx, req).identity.kbaUnavailable);
      }
      await recordKbaAttempt(tx, row.id, hash, outcome, keys);
      return outcome;
    });
    if (status === "locked") throw new HttpError(429, visitWords(ctx, req).identity.kbaLocked, { status: "failure", locked: true });
    res.json({ status });
  });

  router.post("/account/check", async (req, res) => {
    const { claim_request_id } = parseBody(claimRequestBody, req);
    const row = await findOwnedClaimRequest(ctx.db, claim_request_id, ownerOf(res));
    if (!row) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    // Whether some account has its email is said only once the caller has proven they read that mailbox (a mailed
    // code, routes/account.ts); before, only what they already know: whether this claim request is in an account.
    const proven = Boolean(row.user_id) || emailProven(row);
    const existingUser = Boolean(row.user_id) || (proven && Boolean(row.email && (await findUserByEmail(ctx.db, row.email))));
    res.json({ existingUser, emailVerified: proven } satisfies AccountCheckAnswer);
  });

  return router;
}
