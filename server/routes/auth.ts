/**
 * Sign in, sign out (here or everywhere) and who am I. Sign-in rotates the
 * session; sign-out deletes it on the server.
 *
 * Failed sign-ins to one account bring growing delays (auth/signInDelays.ts).
 * Sign-in answers the same, and costs one password hash, whether the email is
 * unknown, has no password yet, or the password is wrong. An account whose
 * email has not been verified signs in only with the mailed link's token
 * (verify_token, from /login?verify=…); otherwise a new link is mailed and the
 * answer says so (only after a correct password, so it reveals nothing).
 */
import { Router, type Request, type RequestHandler } from "express";
import { z } from "zod";
import { verifyEmailToken } from "../auth/emailVerification";
import { mailEmailVerification } from "./mailVerification";
import { PasswordHashingBusy } from "../http/errors";
import { identityOf, TOKEN_SHAPE } from "../auth/requestContext";
import { deleteSession, deleteUserSessions } from "../auth/sessions";
import { startSession } from "./signIn";
import { signInSucceeded, takeSignInAttempt } from "../auth/signInDelays";
import type { AppContext } from "../context";
import { FUNNEL_COOKIE, SESSION_COOKIE, clearCookie, readCookie } from "../http/cookies";
import { NOT_SIGNED_IN } from "../portal/signedInUser";
import { HttpError } from "../http/errors";
import { visitWords } from "../language/consumerLanguage";
import { fillPlaceholders } from "../../engine/copy";
import type { SiteText } from "../../schema/content.schema";
import { DEFAULT_LOGIN_PER_ACCOUNT } from "../http/rateLimits";
import { parseBody } from "../http/validate";
import { attachOwnedClaimRequests } from "../store/claimRequests";
import { NO_PASSWORD, findUserByEmail, setPasswordHash } from "../store/users";
import { safeRedirect } from "../../engine/safeRedirect";
import { adoptAffiliateClaim } from "./affiliate";

/** How long an account's sign-ins wait after failures, in the content's words: seconds under a minute, else minutes. */
export function signInDelayed(words: SiteText["signIn"], seconds: number): string {
  return seconds < 60
    ? fillPlaceholders(words.delayedSeconds, { seconds: String(seconds) })
    : fillPlaceholders(words.delayedMinutes, { minutes: String(Math.ceil(seconds / 60)) });
}

const loginBody = z.strictObject({
  email: z.string().trim().min(1, "Please enter your email address").max(320),
  password: z.string().min(1, "Please enter your password").max(200),
  /** Where to go next: honoured only for a same-site path (no open redirect), else /portal. */
  redirect: z.string().max(2000).nullable().optional(),
  /** The mailed email-verification link's token. */
  verify_token: z.string().regex(TOKEN_SHAPE, "The link is not complete. Please open it from the email again.").optional(),
});

/** Replaces an older hash. When hashing is at capacity the sign-in still goes ahead: a later one replaces it. */
async function rehash(ctx: AppContext, req: Request, userId: string, password: string) {
  try {
    await setPasswordHash(ctx.db, userId, await ctx.passwords.hash(password));
  } catch (error) {
    if (!(error instanceof PasswordHashingBusy)) throw error;
    req.log?.info("sign-in: password hashing at capacity, the older hash stays until a later sign-in");
  }
}

export function authRoutes(ctx: AppContext, loginLimiter: RequestHandler): Router {
  const router = Router();

  router.post("/auth/login", loginLimiter, async (req, res) => {
    const input = parseBody(loginBody, req);
    const said = visitWords(ctx, req).signIn;
    // Failed sign-ins to an account bring growing delays (for an unknown email too, so they tell nothing).
    const attempt = await takeSignInAttempt(ctx.db, input.email, ctx.rateLimits.loginPerAccount ?? DEFAULT_LOGIN_PER_ACCOUNT);
    if (!attempt.allowed) {
      res.setHeader("Retry-After", String(attempt.retryAfterSeconds));
      throw new HttpError(429, signInDelayed(said, attempt.retryAfterSeconds), { retryAfter: attempt.retryAfterSeconds });
    }
    const user = await findUserByEmail(ctx.db, input.email);
    const check = await ctx.passwords.check(input.password, user?.password_hash);
    if (!user || !check.ok) throw new HttpError(401, said.failed);
    await signInSucceeded(ctx.db, input.email);
    if (check.rehash) await rehash(ctx, req, user.id, input.password);

    const verified =
      Boolean(user.email_verified_at) || (input.verify_token ? await verifyEmailToken(ctx.db, user.id, input.verify_token) : false);
    if (!verified) {
      await mailEmailVerification(ctx, req, user, input.redirect ? safeRedirect(input.redirect) : undefined);
      throw new HttpError(403, said.emailNotVerified, { emailVerificationRequired: true });
    }

    await startSession(ctx, req, res, user.id);
    // A claim this browser started (its funnel cookie proves it) for this account's email joins the account:
    // the existing user who was sent here from account setup finds the new claim in the portal.
    const { funnelHash } = identityOf(res);
    const attached = funnelHash
      ? await attachOwnedClaimRequests(ctx.db, { userId: user.id, email: user.email, sessionHash: funnelHash })
      : [];
    if (attached.length) await adoptAffiliateClaim(ctx, user, attached);
    res.json({
      ok: true,
      user: { id: user.id, email: user.email },
      redirect: safeRedirect(input.redirect),
      attachedClaimRequests: attached.length,
    });
  });

  router.post("/auth/logout", async (req, res) => {
    const token = readCookie(req, SESSION_COOKIE, ctx.cookies);
    if (token) await deleteSession(ctx.db, token);
    clearCookie(res, SESSION_COOKIE, ctx.cookies);
    clearCookie(res, FUNNEL_COOKIE, ctx.cookies);
    res.json({ ok: true });
  });

  /** "Sign out everywhere": every session of the account ends, this one too. */
  router.post("/auth/logout-everywhere", async (req, res) => {
    const { user } = identityOf(res);
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    await deleteUserSessions(ctx.db, user.id);
    clearCookie(res, SESSION_COOKIE, ctx.cookies);
    clearCookie(res, FUNNEL_COOKIE, ctx.cookies);
    res.json({ ok: true, redirect: "/login?status=signed_out_everywhere" });
  });

  router.get("/me", (_req, res) => {
    const { user } = identityOf(res);
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    res.json({ user: { id: user.id, email: user.email, passwordSet: user.password_hash !== NO_PASSWORD } });
  });

  return router;
}
