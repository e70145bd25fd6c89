/** The /api router: JSON bodies up to 100 kB, identity from cookies, every route, JSON 404 and errors. */
import express, { Router, type Request, type RequestHandler } from "express";
import { identify } from "../auth/requestContext";
import type { AppContext } from "../context";
import { BODY_LIMIT_BYTES, apiNotFound, errorHandler } from "../http/errors";
import { createRateLimiters, dbLimiter } from "../http/rateLimits";
import { visitWords } from "../language/consumerLanguage";
import { sameOrigin } from "../http/sameOrigin";
import { underPath, underPaths } from "../http/underPath";
import { inSequence } from "../http/inSequence";
import { accountRoutes } from "./account";
import { addAddressRoutes } from "./address";
import { addAnalyticsRoutes } from "./analytics";
import { authRoutes } from "./auth";
import { claimRequestRoutes } from "./claimRequests";
import { creditCheckRoutes } from "./creditCheck";
import { crmRoutes } from "./crm";
import { crmEventRoutes } from "./crmEvents";
import { healthRoutes } from "./health";
import { readyRoutes } from "./ready";
import { idempotentWrites } from "./idempotency";
import { identityRoutes } from "./identity";
import { lenderRoutes } from "./lenders";
import { portalRoutes } from "./portal";
import { portalContactRoutes } from "./portalContact";
import { portalPayoutRoutes } from "./portalPayout";
import { portalProgressRoutes } from "./portalProgress";
import { portalWelcomeRoutes } from "./portalWelcome";
import { accountLimiters } from "../auth/limits";
import { accessRoutes } from "./access";
import { accountPasswordRoutes } from "./accountPassword";
import { affiliateRoutes } from "./affiliate";
import { devMailRoutes } from "./devMail";
import { devCrmRoutes } from "./devCrm";
import { partnerRoutes } from "./partners";
import { passwordResetRoutes } from "./passwordReset";
import { saveClaimRoutes } from "./saveClaims";
import { privacyRoutes } from "./privacy";
import { resumeRoutes } from "./resume";
import { opsRoutes } from "./ops";
import { saveReturnRoutes } from "./saveReturn";

export const BODY_LIMIT = BODY_LIMIT_BYTES;

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

export function apiRouter(ctx: AppContext): Router {
  const limitWords = (req: Request) => visitWords(ctx, req).rateLimits;
  const limits = createRateLimiters(ctx.rateLimits, ctx.db, limitWords);
  const router = Router();
  // What comes before every route, as one router layer (inSequence.ts): the routers ahead of the origin check and the
  // JSON parser, each entered only by the paths it serves (underPath.ts) rather than looked through on every request,
  // then the origin check, the partner API and who is asking. The lender list is the catalogue's, the same for
  // everyone: it skips the identity lookup's database round trip.
  router.use(
    inSequence(
      noStore,
      underPaths([
        ["/health", healthRoutes(ctx)],
        ["/crm/events", crmEventRoutes(ctx)], // server-to-server and signed over the raw body
        ["/ready", readyRoutes(ctx)],
        ["/lenders", lenderRoutes(ctx)],
      ]),
      sameOrigin,
      underPath("/partners", partnerRoutes(ctx)), // HMAC-signed partner API: its signature covers the raw body
      identify(ctx),
    ),
  );
  // Address lookups are the busiest calls of a funnel: their routes come before the layers below, none of which
  // apply to them (other routes' limits; idempotency is for state-changing calls), so a search passes six fewer
  // layers. Each has its own limit in front of it, and reads its own small body (jsonBody.ts), so searches skip
  // express.json's chain too; the answers to bad bodies are the same.
  addAddressRoutes(router, ctx, limits.addressSearch, limits.addressRetrieve);
  addAnalyticsRoutes(router, ctx, limits.analyticsEvents);
  router.use(express.json({ limit: BODY_LIMIT, strict: true }));
  // Limits in front of the routes they guard (counters in the database, shared by every instance).
  router.post(
    [
      "/claim-requests",
      "/account/setup",
      "/account/check",
      "/account/email-code",
      "/account/email-code/verify",
      "/crm/clients",
      "/save-claims",
    ],
    limits.writes,
  );
  // The portal's changes mail codes, and erasure checks a password: limited like the funnel's writes.
  router.post(
    [
      "/privacy/erase",
      "/portal/contact/phone",
      "/portal/contact/email",
      "/portal/contact/email/confirm",
      "/portal/payout-account",
      "/portal/payout-account/confirm",
    ],
    limits.writes,
  );
  router.get("/kba/questions", limits.writes);
  router.use(idempotentWrites(ctx));
  router.use(claimRequestRoutes(ctx));
  router.use(crmRoutes(ctx));
  // Before creditCheckRoutes: GET /credit-check/:id tries the id as a credit check first, then as a claim request.
  router.use(identityRoutes(ctx));
  router.use(creditCheckRoutes(ctx, limits.creditCheck));
  router.use(saveClaimRoutes(ctx));
  router.use(accountRoutes(ctx));
  router.use(authRoutes(ctx, limits.login));
  router.use(portalRoutes(ctx));
  // Accounts: password set/reset, affiliate links, funnel access guards, the dev mailbox (not in production).
  const accountLimits = accountLimiters(ctx.rateLimits, ctx.db, limitWords);
  router.use(accountPasswordRoutes(ctx));
  router.use(passwordResetRoutes(ctx, accountLimits));
  router.use(affiliateRoutes(ctx, accountLimits.affiliate));
  router.use(accessRoutes(ctx));
  router.use(devMailRoutes(ctx));
  router.use(devCrmRoutes(ctx));
  router.use(privacyRoutes(ctx));
  router.use(resumeRoutes(ctx));
  router.use(saveReturnRoutes(ctx, accountLimits));
  router.use(portalProgressRoutes(ctx));
  router.use(portalPayoutRoutes(ctx));
  router.use(portalContactRoutes(ctx));
  router.use(portalWelcomeRoutes(ctx));
  // Operators sign in with a password and a TOTP code; every attempt counts, like failed consumer sign-ins.
  router.use(
    opsRoutes(
      ctx,
      dbLimiter(ctx.db, "ops-sign-in", {
        limit: ctx.rateLimits.login,
        windowMs: ctx.rateLimits.loginWindowMs,
        body: (req) => ({ error: limitWords(req).signIns }),
      }),
    ),
  );
  router.use(apiNotFound);
  router.use(errorHandler((req) => visitWords(ctx, req).request));
  return router;
}
