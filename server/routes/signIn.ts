/** Starting a signed-in session for this browser: the previous session cookie's session ends, a new one is set. */
import type { Request, Response } from "express";
import type { AppContext } from "../context";
import type { Queryable } from "../db/db";
import { SESSION_COOKIE, readCookie, setCookie } from "../http/cookies";
import { createSession, deleteSession } from "../auth/sessions";

export async function startSession(
  ctx: Pick<AppContext, "db" | "cookies" | "sessions">,
  req: Request,
  res: Response,
  userId: string,
  options: { claimRequestId?: string | null; db?: Queryable } = {},
): Promise<string> {
  const db = options.db ?? ctx.db;
  const previous = readCookie(req, SESSION_COOKIE, ctx.cookies);
  if (previous) await deleteSession(db, previous);
  const token = await createSession(db, userId, ctx.sessions, { claimRequestId: options.claimRequestId });
  setCookie(res, SESSION_COOKIE, token, ctx.cookies, ctx.sessions.maxMs);
  return token;
}
