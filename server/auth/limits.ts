/** Rate limits of the account routes (password reset, affiliate links), answering JSON like the others. */
import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import type { RateLimitSettings } from "../context";

export const DEFAULT_PASSWORD_RESET_LIMIT = 5;
export const DEFAULT_AFFILIATE_LIMIT = 20;
export const TOO_MANY_RESETS = "Too many password reset attempts. Please wait 15 minutes and try again.";

const resetLimiter = (settings: RateLimitSettings) =>
  rateLimit({
    windowMs: settings.loginWindowMs,
    limit: settings.passwordReset ?? DEFAULT_PASSWORD_RESET_LIMIT,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: TOO_MANY_RESETS });
    },
  });

/** Asking for reset mails and using reset links are counted separately, per client address. */
export function accountLimiters(settings: RateLimitSettings): { resetRequest: RequestHandler; resetUse: RequestHandler; affiliate: RequestHandler } {
  return {
    resetRequest: resetLimiter(settings),
    resetUse: resetLimiter(settings),
    affiliate: rateLimit({
      windowMs: settings.windowMs,
      limit: settings.affiliate ?? DEFAULT_AFFILIATE_LIMIT,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      handler: (_req, res) => {
        res.redirect(302, "/login?status=too_many_attempts");
      },
    }),
  };
}
