/**
 * The visit id analytics and experiments key on: 16 random bytes the server issues in a session cookie (gone
 * when the browser closes). It is not the funnel-session token, owns nothing and says nothing about the person.
 * A browser that opted out of counting (the privacy page) carries the opt-out cookie instead: it gets no visit
 * id, no variant, and its recorder sends nothing. The opt-out cookie is readable by the page's script for that.
 */
import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { cookieName, readCookie, type CookieSettings } from "../http/cookies";
import { OPT_OUT_COOKIE } from "../../engine/analyticsOptOut";

export const VISIT_COOKIE = "visit";
export { OPT_OUT_COOKIE };
const VISIT_ID = /^[A-Za-z0-9_-]{22}$/;
const OPT_OUT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export function optedOut(req: Request, settings: CookieSettings): boolean {
  return readCookie(req, OPT_OUT_COOKIE, settings) === "1";
}

/** The request's visit id, when it carries a well-formed one and has not opted out. */
export function visitOf(req: Request, settings: CookieSettings): string | undefined {
  if (optedOut(req, settings)) return undefined;
  const id = readCookie(req, VISIT_COOKIE, settings);
  return id && VISIT_ID.test(id) ? id : undefined;
}

/** The visit id, issuing one (Set-Cookie on this answer) when the browser has none; none when opted out. */
export function ensureVisit(req: Request, res: Response, settings: CookieSettings): string | undefined {
  if (optedOut(req, settings)) return undefined;
  const existing = visitOf(req, settings);
  if (existing) return existing;
  const id = randomBytes(16).toString("base64url");
  res.cookie(cookieName(VISIT_COOKIE, settings), id, { httpOnly: true, sameSite: "lax", secure: settings.secure, path: "/" });
  return id;
}

/** Opting out: the visit id goes, and the browser keeps the opt-out for a year. */
export function setOptOut(res: Response, settings: CookieSettings, out: boolean) {
  res.clearCookie(cookieName(VISIT_COOKIE, settings), { httpOnly: true, sameSite: "lax", secure: settings.secure, path: "/" });
  const name = cookieName(OPT_OUT_COOKIE, settings);
  if (out) res.cookie(name, "1", { httpOnly: false, sameSite: "lax", secure: settings.secure, path: "/", maxAge: OPT_OUT_MAX_AGE_MS });
  else res.clearCookie(name, { httpOnly: false, sameSite: "lax", secure: settings.secure, path: "/" });
}
