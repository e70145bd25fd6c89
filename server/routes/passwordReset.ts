/**
 * Forgotten password.
 *   POST /api/auth/password-reset/request {email}  → always the same neutral answer (no account enumeration);
 *                                                    mails a single-use link when the account exists
 *   POST /api/auth/password-reset/verify {token}   → {valid} so the page can say up front that a link is spent
 *   POST /api/auth/password-reset {token, password} → sets the password, ends every session of the user,
 *                                                    signs this browser in → {ok, redirect:"/portal"}
 * All three are rate-limited per client address.
 */
import { fillPlaceholders } from "../../engine/copy";
import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { EMAIL_ADDRESS } from "../../engine/email";
import { updateMetadataWithRetry } from "../auth/metadata";
import { markEmailVerified } from "../auth/emailVerification";
import { passwordProblem } from "../auth/definitionPasswordRules";
import { brandFunnel } from "../content/brandFunnel";
import { startSession } from "./signIn";
import {
  RESET_MAILS_PER_HOUR,
  RESET_TOKEN_MINUTES,
  createResetToken,
  peekResetToken,
  recentResetCount,
  spendResetToken,
} from "../auth/passwordReset";
import { deleteUserSessions } from "../auth/sessions";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { badRequest } from "../http/errors";
import { publicOrigin } from "../publicOrigin";
import { parseBody } from "../http/validate";
import { composeMail } from "../mail/composeMail";
import { consumerLanguage, mailWording, visitFunnel, visitWords } from "../language/consumerLanguage";
import { visitLanguage } from "../language/visitLanguage";
import { findUserByEmail, findUserById, setPasswordHash } from "../store/users";

export const RESET_PAGE = "/reset-password";

const requestBody = z.strictObject({
  email: z.string().trim().min(1, "Please enter your email address").max(320).regex(EMAIL_ADDRESS, "Please enter a valid email address"),
});
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "The reset link is not complete. Please open it from the email again.");
const verifyBody = z.strictObject({ token });
const resetBody = z.strictObject({ token, password: z.string().max(200, "Password must be 200 characters or fewer") });

export function passwordResetRoutes(ctx: AppContext, limits: { resetRequest: RequestHandler; resetUse: RequestHandler }): Router {
  const router = Router();

  router.post("/auth/password-reset/request", limits.resetRequest, async (req, res) => {
    const { email } = parseBody(requestBody, req);
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    const origin = publicOrigin(req, brand, ctx.production);
    const log = req.log ?? ctx.logger;
    // Answer first and mail afterwards, so a known and an unknown email take the same time.
    const requested = fillPlaceholders(visitWords(ctx, req).passwordReset.requested, { minutes: String(RESET_TOKEN_MINUTES) });
    res.json({ ok: true, message: requested });
    try {
      const user = await findUserByEmail(ctx.db, email);
      if (!user) return;
      if ((await recentResetCount(ctx.db, user.id)) >= RESET_MAILS_PER_HOUR) {
        log.warn("password reset: hourly mail limit reached for an account");
        return;
      }
      const resetToken = await createResetToken(ctx.db, user.id);
      await ctx.mail.send(
        composeMail(mailWording(ctx, consumerLanguage(ctx, brand, visitLanguage(req, ctx.cookies), user.language)), "passwordReset", {
          to: user.email,
          brandName: brand.brandName,
          values: { link: `${origin}${RESET_PAGE}?token=${resetToken}`, minutes: RESET_TOKEN_MINUTES },
        }),
      );
    } catch (error) {
      log.error({ err: error }, "password reset mail failed");
    }
  });

  router.post("/auth/password-reset/verify", limits.resetUse, async (req, res) => {
    const input = verifyBody.safeParse(req.body);
    res.json({ valid: input.success ? Boolean(await peekResetToken(ctx.db, input.data.token)) : false });
  });

  router.post("/auth/password-reset", limits.resetUse, async (req, res) => {
    const input = parseBody(resetBody, req);
    const owner = await peekResetToken(ctx.db, input.token);
    // The brand's funnel's password rules and messages, then the server's policy.
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    const funnel = visitFunnel(ctx, req, brandFunnel(ctx.funnels, brand), brand);
    const email = owner ? (await findUserById(ctx.db, owner))?.email : null;
    const problem = passwordProblem(funnel, visitWords(ctx, req).passwordPolicy, input.password, email);
    if (problem) throw badRequest(problem);
    const passwordHash = await ctx.passwords.hash(input.password);
    const userId = await ctx.db.transaction(async (tx) => {
      const id = await spendResetToken(tx, input.token);
      if (!id) return null;
      await setPasswordHash(tx, id, passwordHash);
      await deleteUserSessions(tx, id);
      // The reset link proved the mailbox.
      await markEmailVerified(tx, id);
      return id;
    });
    if (!userId) throw badRequest(visitWords(ctx, req).resetPassword.linkInvalid, { linkInvalid: true });
    await updateMetadataWithRetry(ctx.db, req.log ?? ctx.logger, userId, { password_set: true });
    await startSession(ctx, req, res, userId);
    res.json({ ok: true, redirect: "/portal" });
  });

  return router;
}
