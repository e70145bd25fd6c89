/**
 * express-rate-limit on the expensive, guessable or state-changing routes,
 * answering JSON like every other error. Counters live in the database
 * (PgRateLimitStore), so they hold across every instance; the client address
 * is right behind a proxy when TRUST_PROXY says how many hops to believe.
 */
import { createHash } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { rateLimit, type Options } from "express-rate-limit";
import type { Queryable } from "../db/db";
import { PgRateLimitStore } from "./pgRateLimitStore";
import type { SiteText } from "../../schema/content.schema";

/** The limits the server is started with (config.ts reads them from the environment). */
export interface RateLimitSettings {
  /** Requests per window per client address. */
  addressSearch: number;
  creditCheck: number;
  login: number;
  windowMs: number;
  /** Login attempts are counted over a longer window. */
  loginWindowMs: number;
  /** Password reset requests and resets per client address per loginWindowMs (default 5). */
  passwordReset?: number;
  /** Affiliate link visits per client address per windowMs (default 20). */
  affiliate?: number;
  /** Failed sign-ins to one account (whatever the address) before each further attempt must wait a growing delay (default 3; auth/signInDelays.ts). */
  loginPerAccount?: number;
  /** State-changing routes (claim requests, account setup and check, KBA questions, CRM clients) per address per windowMs (default 60). */
  writes?: number;
  /** Address retrieves per address per windowMs (default 120). */
  addressRetrieve?: number;
  /** Analytics event batches per address per windowMs (default 120). */
  analyticsEvents?: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  addressSearch: 120,
  creditCheck: 10,
  login: 10,
  windowMs: 60_000,
  loginWindowMs: 15 * 60_000,
};

/** Defaults of the limits added later (optional in settings, so older callers keep working). */
/** Failed sign-ins to one account before its delays start (auth/signInDelays.ts). */
export const DEFAULT_LOGIN_PER_ACCOUNT = 3;
export const DEFAULT_WRITES = 60;
export const DEFAULT_ADDRESS_RETRIEVE = 120;
export const DEFAULT_ANALYTICS_EVENTS = 120;

/** What a limiter answers, in the words (and language) of the request's visit: the shared content's `text.rateLimits`. */
export type RateLimitWords = SiteText["rateLimits"];
export type LimitWordsFor = (req: Request) => RateLimitWords;

/** The same windows with every count multiplied (RATE_LIMIT_MULTIPLIER). */
export function scaleRateLimits(settings: RateLimitSettings, multiplier: number): RateLimitSettings {
  const scaled = (n: number) => n * multiplier;
  return {
    ...settings,
    addressSearch: settings.addressSearch * multiplier,
    creditCheck: settings.creditCheck * multiplier,
    login: settings.login * multiplier,
    loginPerAccount: scaled(settings.loginPerAccount ?? DEFAULT_LOGIN_PER_ACCOUNT),
    writes: scaled(settings.writes ?? DEFAULT_WRITES),
    addressRetrieve: scaled(settings.addressRetrieve ?? DEFAULT_ADDRESS_RETRIEVE),
    analyticsEvents: scaled(settings.analyticsEvents ?? DEFAULT_ANALYTICS_EVENTS),
    ...(settings.passwordReset !== undefined ? { passwordReset: settings.passwordReset * multiplier } : {}),
    ...(settings.affiliate !== undefined ? { affiliate: settings.affiliate * multiplier } : {}),
  };
}

/** A limiter whose counters are kept in the database under `name`. */
export function dbLimiter(
  db: Queryable,
  name: string,
  options: {
    limit: number;
    windowMs: number;
    /** The refusal's body for the request (its words in the visit's language); a limiter with a `handler` needs none. */
    body?: (req: Request) => Record<string, unknown>;
    skipSuccessfulRequests?: boolean;
  } & Partial<Pick<Options, "keyGenerator" | "handler" | "skip">>,
): RequestHandler {
  const { body, ...rest } = options;
  // A busy key takes a few hit numbers per database round trip (pgRateLimitStore.ts), at most a twentieth of the
  // limit, so the limit is never exceeded and an instance's unused numbers make it at most 5% stricter. Limiters
  // that give successful hits back count each one in the database.
  const leaseUpTo = options.skipSuccessfulRequests ? 1 : Math.max(1, Math.floor(options.limit / 20));
  const limiter = rateLimit({
    standardHeaders: "draft-7",
    legacyHeaders: false,
    store: new PgRateLimitStore(db, name, leaseUpTo),
    // A database hiccup must not lock everyone out nor take the route down: the request goes on uncounted.
    passOnStoreError: true,
    // X-Forwarded-For is believed exactly as far as TRUST_PROXY says (app "trust proxy"); no warning for the rest.
    validate: { xForwardedForHeader: false },
    handler: (req, res) => {
      res.status(429).json(body ? body(req) : {});
    },
    ...rest,
  });
  return (req, res, next) => {
    pinClientAddress(req);
    return limiter(req, res, next);
  };
}

/**
 * Express works req.ip out again on every read (X-Forwarded-For parsed against the trusted hops), and the limiter
 * reads it three times per request. The address cannot change during a request, so it is worked out once and kept
 * on the request.
 */
export function pinClientAddress(req: Request): void {
  if (Object.hasOwn(req, "ip")) return;
  Object.defineProperty(req, "ip", { value: req.ip, configurable: true, enumerable: true, writable: false });
}

const emailHash = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

/** The rate_limits row counting an account's failed sign-ins (auth/signInDelays.ts; erasure removes it). The email's hash, so the table holds no address. */
export const accountSignInLimitKey = (email: string) => `login-account:${emailHash(email)}`;

export function createRateLimiters(settings: RateLimitSettings, db: Queryable, words: LimitWordsFor) {
  return {
    addressSearch: dbLimiter(db, "address-search", {
      limit: settings.addressSearch,
      windowMs: settings.windowMs,
      body: (req) => ({ sessionId: null, Results: [], error: words(req).addressSearches }),
    }),
    addressRetrieve: dbLimiter(db, "address-retrieve", {
      limit: settings.addressRetrieve ?? DEFAULT_ADDRESS_RETRIEVE,
      windowMs: settings.windowMs,
      body: (req) => ({ Result: null, error: words(req).addressLookups }),
    }),
    creditCheck: dbLimiter(db, "credit-check", {
      limit: settings.creditCheck,
      windowMs: settings.windowMs,
      body: (req) => ({ error: words(req).creditChecks }),
    }),
    // Only failed sign-ins count, so a user who signs in and out is never locked out.
    login: dbLimiter(db, "login", {
      limit: settings.login,
      windowMs: settings.loginWindowMs,
      body: (req) => ({ error: words(req).signIns }),
      skipSuccessfulRequests: true,
    }),
    /** Claim requests, account setup and check, KBA questions, CRM clients, saved claims: per client address. */
    writes: dbLimiter(db, "writes", {
      limit: settings.writes ?? DEFAULT_WRITES,
      windowMs: settings.windowMs,
      body: (req) => ({ error: words(req).requests }),
    }),
    analyticsEvents: dbLimiter(db, "analytics-events", {
      limit: settings.analyticsEvents ?? DEFAULT_ANALYTICS_EVENTS,
      windowMs: settings.windowMs,
      body: (req) => ({ error: words(req).requests }),
    }),
  };
}
