/** express-rate-limit on the expensive or guessable routes, answering JSON like every other error. */
import { rateLimit } from "express-rate-limit";
import type { RateLimitSettings } from "../context";

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  addressSearch: 120,
  creditCheck: 10,
  login: 10,
  windowMs: 60_000,
  loginWindowMs: 15 * 60_000,
};

/** The same windows with every count multiplied (RATE_LIMIT_MULTIPLIER). */
export function scaleRateLimits(settings: RateLimitSettings, multiplier: number): RateLimitSettings {
  return {
    ...settings,
    addressSearch: settings.addressSearch * multiplier,
    creditCheck: settings.creditCheck * multiplier,
    login: settings.login * multiplier,
    ...(settings.passwordReset !== undefined ? { passwordReset: settings.passwordReset * multiplier } : {}),
    ...(settings.affiliate !== undefined ? { affiliate: settings.affiliate * multiplier } : {}),
  };
}

function limiter(limit: number, windowMs: number, body: Record<string, unknown>, skipSuccessfulRequests = false) {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skipSuccessfulRequests,
    handler: (_req, res) => {
      res.status(429).json(body);
    },
  });
}

export function createRateLimiters(settings: RateLimitSettings) {
  return {
    addressSearch: limiter(settings.addressSearch, settings.windowMs, {
      sessionId: null,
      Results: [],
      error: "Too many address searches. Please wait a moment, or enter your address manually.",
    }),
    creditCheck: limiter(settings.creditCheck, settings.windowMs, {
      error: "Too many credit check attempts. Please wait a minute and try again.",
    }),
    // Only failed sign-ins count, so a user who signs in and out is never locked out.
    login: limiter(
      settings.login,
      settings.loginWindowMs,
      { error: "Too many sign-in attempts. Please wait 15 minutes and try again." },
      true,
    ),
  };
}
