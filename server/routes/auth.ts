/** Sign in, sign out and who am I. Sign-in rotates the session; sign-out deletes it on the server. */
import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { decoyHash, verifyPassword } from "../auth/passwords";
import { identityOf } from "../auth/requestContext";
import { SESSION_MS, createSession, deleteSession } from "../auth/sessions";
import type { AppContext } from "../context";
import { FUNNEL_COOKIE, SESSION_COOKIE, clearCookie, readCookie, setCookie } from "../http/cookies";
import { HttpError } from "../http/errors";
import { parseBody } from "../http/validate";
import { attachOwnedClaimRequests } from "../store/claimRequests";
import { findUserByEmail } from "../store/users";
import { safeRedirect } from "../../renderer/pages/safeRedirect";
import { adoptAffiliateClaim } from "./affiliate";

export const LOGIN_FAILED = "Email or password is incorrect";
export const NOT_SIGNED_IN = "You need to sign in to see this page";

const loginBody = z.strictObject({
  email: z.string().trim().min(1, "Please enter your email address").max(320),
  password: z.string().min(1, "Please enter your password").max(200),
  /** Where to go next: honoured only for a same-site path (no open redirect), else /portal. */
  redirect: z.string().max(2000).nullable().optional(),
});

export function authRoutes(ctx: AppContext, loginLimiter: RequestHandler): Router {
  const router = Router();

  router.post("/auth/login", loginLimiter, async (req, res) => {
    const input = parseBody(loginBody, req);
    const user = await findUserByEmail(ctx.db, input.email);
    // An unknown email still costs one hash, so timing does not reveal which emails have accounts.
    const matches = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
    if (!user || !matches) throw new HttpError(401, LOGIN_FAILED);
    const previous = readCookie(req, SESSION_COOKIE);
    if (previous) await deleteSession(ctx.db, previous);
    const token = await createSession(ctx.db, user.id);
    setCookie(res, SESSION_COOKIE, token, ctx.cookies, SESSION_MS);
    // A claim this browser started (its funnel cookie proves it) for this account's email joins the account:
    // the existing user who was sent here from account setup finds the new claim in the portal.
    const { funnelHash } = identityOf(res);
    const attached = funnelHash ? await attachOwnedClaimRequests(ctx.db, { userId: user.id, email: user.email, sessionHash: funnelHash }) : [];
    if (attached.length) await adoptAffiliateClaim(ctx, user, attached);
    res.json({ ok: true, user: { id: user.id, email: user.email }, redirect: safeRedirect(input.redirect), attachedClaimRequests: attached.length });
  });

  router.post("/auth/logout", async (req, res) => {
    const token = readCookie(req, SESSION_COOKIE);
    if (token) await deleteSession(ctx.db, token);
    clearCookie(res, SESSION_COOKIE, ctx.cookies);
    clearCookie(res, FUNNEL_COOKIE, ctx.cookies);
    res.json({ ok: true });
  });

  router.get("/me", (_req, res) => {
    const { user } = identityOf(res);
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    res.json({ user: { id: user.id, email: user.email } });
  });

  return router;
}
