/**
 * POST /api/account/setup: create the account for a claim request's email,
 * link the claim request to it and sign this browser in; a verification link
 * is mailed (until it is opened, the account signs in only here).
 *
 * It answers alike whether or not the email already has an account, so it
 * cannot be used to find out who has one: an existing account is never
 * signed in here. Its claim request stays with this browser and joins the
 * account when its owner signs in (the portal asks them to).
 */
import { Router } from "express";
import { z } from "zod";
import { mailEmailVerification } from "../auth/mailVerification";
import { updateMetadataWithRetry } from "../auth/metadata";
import { PASSWORD_TOO_SHORT } from "../auth/passwordPolicy";
import { passwordProblem } from "../auth/definitionPasswordRules";
import { ownerOf } from "../auth/requestContext";
import { startSession } from "../auth/signIn";
import type { AppContext } from "../context";
import { databaseFault } from "../db/unavailable";
import { HttpError, badRequest, notFound } from "../http/errors";
import { isUuid, parseBody } from "../http/validate";
import { findOwnedClaimRequest, linkClaimRequestToUser } from "../store/claimRequests";
import { normaliseEmail, type UserRow } from "../store/users";
import { NO_CLAIM_REQUEST } from "./claimRequests";

export { PASSWORD_TOO_SHORT };
export const EMAIL_REQUIRED = "Email is required for account creation";
export const FAILED_TO_CREATE_ACCOUNT = "Failed to create account";

const body = z.strictObject({
  claim_request_id: z.string().refine(isUuid, "must be a valid id"),
  password: z.string().max(200, "Password must be 200 characters or fewer"),
});

export function accountRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post("/account/setup", async (req, res) => {
    const input = parseBody(body, req);
    const row = await findOwnedClaimRequest(ctx.db, input.claim_request_id, ownerOf(res));
    if (!row) throw notFound(NO_CLAIM_REQUEST);
    if (!row.email) throw badRequest(EMAIL_REQUIRED);
    // The claim's own funnel's password rules and messages, then the server's policy.
    const funnel = ctx.funnels.find((f) => f.version === row.funnel_version);
    const problem = passwordProblem(funnel, input.password, row.email);
    if (problem) throw badRequest(problem);

    // Hashed whatever happens next, so a new and a known email take the same time.
    const passwordHash = await ctx.passwords.hash(input.password);
    let created: UserRow | null;
    try {
      created = row.user_id
        ? null
        : await ctx.db.transaction(async (tx) => {
            const { rows } = await tx.query<UserRow>(
              `INSERT INTO users (email, password_hash, metadata) VALUES ($1, $2, $3::jsonb) ON CONFLICT (email) DO NOTHING RETURNING *`,
              [
                normaliseEmail(row.email as string),
                passwordHash,
                JSON.stringify({
                  // first_login: the portal greets the first visit, then clears it; from_v2_confirmation: where the account began
                  // (the claim's funnel says so in its accountMetadata).
                  first_login: true,
                  from_v2_confirmation: false,
                  ...ctx.funnels.find((f) => f.version === row.funnel_version)?.accountMetadata,
                  // Never a definition's to set.
                  is_new_user: true,
                  claim_request_id: row.id,
                }),
              ],
            );
            if (rows[0]) await linkClaimRequestToUser(tx, row.id, rows[0].id);
            return rows[0] ?? null;
          });
    } catch (error) {
      if (databaseFault(error)) throw error; // the database is briefly unavailable: 503, try again
      req.log?.error({ err: error }, "account setup: sign-up failed");
      throw new HttpError(500, FAILED_TO_CREATE_ACCOUNT);
    }
    if (created) {
      await startSession(ctx, req, res, created.id);
      await updateMetadataWithRetry(ctx.db, req.log ?? ctx.logger, created.id, { password_set: true, is_new_user: false });
      await mailEmailVerification(ctx, req, created);
    }
    res.status(201).json({ ok: true, redirect: "/portal" });
  });
  return router;
}
