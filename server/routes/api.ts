/** The /api router: JSON bodies up to 100 kB, identity from cookies, every route, JSON 404 and errors. */
import express, { Router } from "express";
import { identify } from "../auth/requestContext";
import type { AppContext } from "../context";
import { apiNotFound, errorHandler } from "../http/errors";
import { createRateLimiters } from "../http/rateLimits";
import { sameOrigin } from "../http/sameOrigin";
import { accountRoutes } from "./account";
import { addressRoutes } from "./address";
import { authRoutes } from "./auth";
import { claimRequestRoutes } from "./claimRequests";
import { creditCheckRoutes } from "./creditCheck";
import { crmRoutes } from "./crm";
import { healthRoutes } from "./health";
import { readyRoutes } from "./ready";
import { idempotentWrites } from "../http/idempotency";
import { identityRoutes } from "./identity";
import { lenderRoutes } from "./lenders";
import { portalRoutes } from "./portal";
import { accountLimiters } from "../auth/limits";
import { accessRoutes } from "./access";
import { accountPasswordRoutes } from "./accountPassword";
import { affiliateRoutes } from "./affiliate";
import { devMailRoutes } from "./devMail";
import { passwordResetRoutes } from "./passwordReset";
import { saveClaimRoutes } from "./saveClaims";

export const BODY_LIMIT = "100kb";

export function apiRouter(ctx: AppContext): Router {
  const limits = createRateLimiters(ctx.rateLimits);
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  router.use(healthRoutes(ctx));
  router.use(readyRoutes(ctx));
  router.use(sameOrigin);
  router.use(express.json({ limit: BODY_LIMIT, strict: true }));
  router.use(identify(ctx.db));
  router.use(idempotentWrites(ctx));
  router.use(addressRoutes(ctx, limits.addressSearch));
  router.use(claimRequestRoutes(ctx));
  router.use(crmRoutes(ctx));
  // Before creditCheckRoutes: GET /credit-check/:id tries the id as a credit check first, then as a claim request.
  router.use(identityRoutes(ctx));
  router.use(creditCheckRoutes(ctx, limits.creditCheck));
  router.use(lenderRoutes(ctx));
  router.use(saveClaimRoutes(ctx));
  router.use(accountRoutes(ctx));
  router.use(authRoutes(ctx, limits.login));
  router.use(portalRoutes(ctx));
  // Accounts: password set/reset, affiliate links, funnel access guards, the dev mailbox (not in production).
  const accountLimits = accountLimiters(ctx.rateLimits);
  router.use(accountPasswordRoutes(ctx));
  router.use(passwordResetRoutes(ctx, accountLimits));
  router.use(affiliateRoutes(ctx, accountLimits.affiliate));
  router.use(accessRoutes(ctx));
  router.use(devMailRoutes(ctx));
  router.use(apiNotFound);
  router.use(errorHandler);
  return router;
}
