/** Rate limits of the account routes (password reset, affiliate links), answering JSON like the others. */
import type { RequestHandler } from "express";
import type { RateLimitSettings } from "../http/rateLimits";
import type { Queryable } from "../db/db";
import { dbLimiter, type LimitWordsFor } from "../http/rateLimits";

export const DEFAULT_PASSWORD_RESET_LIMIT = 5;
export const DEFAULT_AFFILIATE_LIMIT = 20;

const resetLimiter = (settings: RateLimitSettings, db: Queryable, name: string, words: LimitWordsFor) =>
  dbLimiter(db, name, {
    windowMs: settings.loginWindowMs,
    limit: settings.passwordReset ?? DEFAULT_PASSWORD_RESET_LIMIT,
    body: (req) => ({ error: words(req).resets }),
  });

/** Asking for reset mails and using reset links are counted separately, per client address. */
export function accountLimiters(
  settings: RateLimitSettings,
  db: Queryable,
  words: LimitWordsFor,
): {
  resetRequest: RequestHandler;
  resetUse: RequestHandler;
  affiliate: RequestHandler;
  saveReturn: RequestHandler;
  saveReturnUse: RequestHandler;
} {
  return {
    resetRequest: resetLimiter(settings, db, "reset-request", words),
    resetUse: resetLimiter(settings, db, "reset-use", words),
    // Mailing a save-and-return link and opening one, per client address (the per-email limit is in the route).
    saveReturn: dbLimiter(db, "save-return", {
      windowMs: settings.loginWindowMs,
      limit: settings.passwordReset ?? DEFAULT_PASSWORD_RESET_LIMIT,
      body: (req) => ({ error: words(req).saveLinks }),
    }),
    saveReturnUse: dbLimiter(db, "save-return-use", {
      windowMs: settings.windowMs,
      limit: settings.affiliate ?? DEFAULT_AFFILIATE_LIMIT,
      handler: (_req, res) => {
        res.redirect(302, "/login?status=too_many_attempts");
      },
    }),
    affiliate: dbLimiter(db, "affiliate", {
      windowMs: settings.windowMs,
      limit: settings.affiliate ?? DEFAULT_AFFILIATE_LIMIT,
      handler: (_req, res) => {
        res.redirect(302, "/login?status=too_many_attempts");
      },
    }),
  };
}
