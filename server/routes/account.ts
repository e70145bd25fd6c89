/**
 * POST /api/account/setup: create the account for a claim request's email,
 * link the claim request to it and sign the user in. An email that already
 * has an account goes to the login page instead.
 */
import { Router } from "express";
import { z } from "zod";
import { updateMetadataWithRetry } from "../auth/metadata";
import { hashPassword } from "../auth/passwords";
import { ownerOf } from "../auth/requestContext";
import { SESSION_MS, createSession } from "../auth/sessions";
import type { AppContext } from "../context";
import { isUniqueViolation } from "../db/db";
import { databaseFault } from "../db/unavailable";
import { SESSION_COOKIE, setCookie } from "../http/cookies";
import { HttpError, badRequest, notFound } from "../http/errors";
import { isUuid, parseBody } from "../http/validate";
import { findOwnedClaimRequest, linkClaimRequestToUser } from "../store/claimRequests";
import { findUserByEmail, insertUser } from "../store/users";
import { NO_CLAIM_REQUEST } from "./claimRequests";

export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";
export const EMAIL_REQUIRED = "Email is required for account creation";
export const EXISTING_USER_REDIRECT = "/login?redirect=/portal&status=existing_user";
export const FAILED_TO_CHECK_USER = "Failed to check user status";
export const FAILED_TO_CREATE_ACCOUNT = "Failed to create account";

const body = z.strictObject({
  claim_request_id: z.string().refine(isUuid, "must be a valid id"),
  password: z.string().max(200, "Password must be 200 characters or fewer"),
});

const existingUser = () =>
  new HttpError(409, "An account with this email already exists. Please sign in.", { existingUser: true, redirect: EXISTING_USER_REDIRECT });

export function accountRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post("/account/setup", async (req, res) => {
    const input = parseBody(body, req);
    if (input.password.length < 8) throw badRequest(PASSWORD_TOO_SHORT);
    const row = await findOwnedClaimRequest(ctx.db, input.claim_request_id, ownerOf(res));
    if (!row) throw notFound(NO_CLAIM_REQUEST);
    if (!row.email) throw badRequest(EMAIL_REQUIRED);
    let registered: boolean;
    try {
      registered = Boolean(row.user_id) || Boolean(await findUserByEmail(ctx.db, row.email));
    } catch (error) {
      if (databaseFault(error)) throw error; // the database is briefly unavailable: 503, try again
      req.log?.error({ err: error }, "account setup: user lookup failed");
      throw new HttpError(500, FAILED_TO_CHECK_USER);
    }
    if (registered) throw existingUser();

    // Sign up and associate the claim request with the user in one transaction, then mark
    // the password as set (one retry after 500 ms; a failure there is only logged).
    const passwordHash = await hashPassword(input.password);
    let created: { userId: string; token: string };
    try {
      created = await ctx.db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          email: row.email as string,
          passwordHash,
          metadata: { is_new_user: true, claim_request_id: row.id },
        });
        await linkClaimRequestToUser(tx, row.id, user.id);
        return { userId: user.id, token: await createSession(tx, user.id) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw existingUser();
      if (databaseFault(error)) throw error;
      req.log?.error({ err: error }, "account setup: sign-up failed");
      throw new HttpError(500, FAILED_TO_CREATE_ACCOUNT);
    }
    await updateMetadataWithRetry(ctx.db, req.log ?? ctx.logger, created.userId, { password_set: true });
    setCookie(res, SESSION_COOKIE, created.token, ctx.cookies, SESSION_MS);
    res.status(201).json({ ok: true, redirect: "/portal" });
  });
  return router;
}
