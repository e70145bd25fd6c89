/**
 * Who is asking: the funnel-session cookie (a visitor's claim in progress) and
 * the signed-in user. Resolved once per API request into res.locals.
 *
 * A funnel-session token counts only if the server issued it (its hash is in
 * funnel_sessions and unexpired): a token a browser or an attacker chose owns nothing.
 */
import type { Request, RequestHandler, Response } from "express";
import type { Queryable } from "../db/db";
import { FUNNEL_COOKIE, SESSION_COOKIE, readCookie, setCookie, type CookieSettings } from "../http/cookies";
import type { Owner } from "../store/claimRequests";
import type { UserRow } from "../store/users";
import { findSession, type SessionSettings } from "./sessions";
import { hashToken, newToken } from "./tokens";

interface Identity {
  funnelHash: string | null;
  user: UserRow | null;
  /** A scoped (affiliate link) session reaches only this claim request. */
  scopeClaimRequestId: string | null;
}

/** A visitor may come back to a claim in progress for 30 days. */
export const FUNNEL_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface IdentifyContext {
  db: Queryable;
  cookies: CookieSettings;
  sessions: SessionSettings;
}

async function issuedFunnelHash(db: Queryable, token: string | undefined): Promise<string | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const hash = hashToken(token);
  const { rows } = await db.query("SELECT 1 FROM funnel_sessions WHERE token_hash = $1 AND expires_at > now()", [hash]);
  return rows.length ? hash : null;
}

/** The signed-in session behind a request's cookie (also used by the page handler's access guard). */
export async function sessionOf(ctx: IdentifyContext, req: Request) {
  const token = readCookie(req, SESSION_COOKIE, ctx.cookies);
  return token && TOKEN_SHAPE.test(token) ? findSession(ctx.db, token, ctx.sessions) : null;
}

export function identify(ctx: IdentifyContext): RequestHandler {
  return async (req, res, next) => {
    const session = await sessionOf(ctx, req);
    const identity: Identity = {
      funnelHash: await issuedFunnelHash(ctx.db, readCookie(req, FUNNEL_COOKIE, ctx.cookies)),
      user: session?.user ?? null,
      scopeClaimRequestId: session?.scopeClaimRequestId ?? null,
    };
    res.locals.identity = identity;
    next();
  };
}

export function identityOf(res: Response): Identity {
  return (res.locals.identity as Identity | undefined) ?? { funnelHash: null, user: null, scopeClaimRequestId: null };
}

export function ownerOf(res: Response): Owner {
  const identity = identityOf(res);
  return { sessionHash: identity.funnelHash, userId: identity.user?.id ?? null, scopeClaimRequestId: identity.scopeClaimRequestId };
}

/** Issues a new funnel-session token: recorded (as its hash) and set as the cookie. Returns the hash. */
export async function issueFunnelSession(db: Queryable, res: Response, cookies: CookieSettings): Promise<string> {
  const token = newToken();
  const hash = hashToken(token);
  await db.query("INSERT INTO funnel_sessions (token_hash, expires_at) VALUES ($1, $2)", [hash, new Date(Date.now() + FUNNEL_SESSION_MS)]);
  setCookie(res, FUNNEL_COOKIE, token, cookies, FUNNEL_SESSION_MS);
  const identity = identityOf(res);
  identity.funnelHash = hash;
  res.locals.identity = identity;
  return hash;
}

/** The funnel-session hash, issuing the cookie on the first claim submission. */
export async function ensureFunnelSession(db: Queryable, res: Response, cookies: CookieSettings): Promise<string> {
  return identityOf(res).funnelHash ?? issueFunnelSession(db, res, cookies);
}
