/**
 * POST /api/account/password: a signed-in user who has no password yet (an
 * affiliate-link user on the v4 Complete step) sets one. It clears the
 * new-user flag and marks the password set. Changing an existing password
 * goes through the forgotten-password mail instead, so a borrowed session
 * cannot take the account over. Setting it ends every other session of the
 * account, and mails a link to verify the email (to sign in on other devices).
 */
import { Router } from "express";
import { z } from "zod";
import { updateMetadataWithRetry } from "../auth/metadata";
import { mailEmailVerification } from "./mailVerification";
import { passwordProblem } from "../auth/definitionPasswordRules";
import { brandFunnel } from "../content/brandFunnel";
import { brandForRequest } from "../brands";
import { identityOf } from "../auth/requestContext";
import { deleteUserSessions } from "../auth/sessions";
import { startSession } from "./signIn";
import type { AppContext } from "../context";
import { HttpError, badRequest } from "../http/errors";
import { parseBody } from "../http/validate";
import { NO_PASSWORD } from "../store/users";
import { NOT_SIGNED_IN } from "../portal/signedInUser";
import { visitFunnel, visitWords } from "../language/consumerLanguage";

const body = z.strictObject({ password: z.string().max(200, "Password must be 200 characters or fewer") });

export function accountPasswordRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post("/account/password", async (req, res) => {
    const input = parseBody(body, req);
    const { user, scopeClaimRequestId } = identityOf(res);
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    // The brand's funnel's password rules and messages, then the server's policy.
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    const funnel = visitFunnel(ctx, req, brandFunnel(ctx.funnels, brand), brand);
    const problem = passwordProblem(funnel, visitWords(ctx, req).passwordPolicy, input.password, user.email);
    if (problem) throw badRequest(problem);
    if (user.password_hash !== NO_PASSWORD || user.metadata.password_set === true)
      throw new HttpError(409, visitWords(ctx, req).account.passwordAlreadySet);
    try {
      // Only while still unset: two tabs racing cannot both set it.
      const { rows } = await ctx.db.query("UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3 RETURNING id", [
        user.id,
        await ctx.passwords.hash(input.password),
        NO_PASSWORD,
      ]);
      if (rows.length === 0) throw new HttpError(409, visitWords(ctx, req).account.passwordAlreadySet);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      req.log?.error({ err: error }, "setting a password failed");
      throw new HttpError(500, visitWords(ctx, req).account.failedToSetPassword);
    }
    await deleteUserSessions(ctx.db, user.id);
    await startSession(ctx, req, res, user.id, { claimRequestId: scopeClaimRequestId });
    await updateMetadataWithRetry(ctx.db, req.log ?? ctx.logger, user.id, { password_set: true, is_new_user: false });
    if (!user.email_verified_at) await mailEmailVerification(ctx, req, user);
    res.json({ ok: true, redirect: "/portal" });
  });
  return router;
}
