/**
 * Who is asking: the funnel-session cookie (a visitor's claim in progress) and
 * the signed-in user. Resolved once per API request into res.locals.
 */
import type { RequestHandler, Response } from "express";
import type { Db } from "../db/db";
import { FUNNEL_COOKIE, SESSION_COOKIE, readCookie, setCookie, type CookieSettings } from "../http/cookies";
import type { Owner } from "../store/claimRequests";
import type { UserRow } from "../store/users";
import { findSessionUser } from "./sessions";
import { hashToken, newToken } from "./tokens";

interface Identity {
  funnelHash: string | null;
  user: UserRow | null;
}

/** A visitor may come back to a claim in progress for 30 days. */
export const FUNNEL_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function identify(db: Db): RequestHandler {
  return async (req, res, next) => {
    const funnelToken = readCookie(req, FUNNEL_COOKIE);
    const sessionToken = readCookie(req, SESSION_COOKIE);
    const identity: Identity = {
      funnelHash: funnelToken && TOKEN_SHAPE.test(funnelToken) ? hashToken(funnelToken) : null,
      user: sessionToken && TOKEN_SHAPE.test(sessionToken) ? await findSessionUser(db, sessionToken) : null,
    };
    res.locals.identity = identity;
    next();
  };
}

export function identityOf(res: Response): Identity {
  return (res.locals.identity as Identity | undefined) ?? { funnelHash: null, user: null };
}

export function ownerOf(res: Response): Owner {
  const identity = identityOf(res);
  return { sessionHash: identity.funnelHash, userId: identity.user?.id ?? null };
}

/** The funnel-session hash, creating the cookie on the first claim submission. */
export function ensureFunnelSession(res: Response, cookies: CookieSettings): string {
  const identity = identityOf(res);
  if (identity.funnelHash) return identity.funnelHash;
  const token = newToken();
  setCookie(res, FUNNEL_COOKIE, token, cookies, FUNNEL_SESSION_MS);
  identity.funnelHash = hashToken(token);
  res.locals.identity = identity;
  return identity.funnelHash;
}
