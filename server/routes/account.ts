/**
 * POST /api/account/setup: create the account for a claim request's email,
 * link the claim request to it and sign the user in. An email that already
 * has an account goes to the login page instead.
 */
import { Router } from "express";
import { z } from "zod";
import { hashPassword } from "../auth/passwords";
import { ownerOf } from "../auth/requestContext";
import { SESSION_MS, createSession } from "../auth/sessions";
import type { AppContext } from "../context";
import { isUniqueViolation } from "../db/db";
import { SESSION_COOKIE, setCookie } from "../http/cookies";
import { HttpError, badRequest, notFound } from "../http/errors";
import { isUuid, parseBody } from "../http/validate";
import { findOwnedClaimRequest, linkClaimRequestToUser } from "../store/claimRequests";
import { findUserByEmail, insertUser } from "../store/users";
import { NO_CLAIM_REQUEST } from "./claimRequests";

export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";
export const EMAIL_REQUIRED = "Email is required for account creation";
export const EXISTING_USER_REDIRECT = "/login?redirect=/portal&status=existing_user";

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
    if (row.user_id || (await findUserByEmail(ctx.db, row.email))) throw existingUser();

    const passwordHash = await hashPassword(input.password);
    let token: string;
    try {
      token = await ctx.db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          email: row.email as string,
          passwordHash,
          metadata: { password_set: true, is_new_user: true, claim_request_id: row.id },
        });
        await linkClaimRequestToUser(tx, row.id, user.id);
        return createSession(tx, user.id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw existingUser();
      throw error;
    }
    setCookie(res, SESSION_COOKIE, token, ctx.cookies, SESSION_MS);
    res.status(201).json({ ok: true, redirect: "/portal" });
  });
  return router;
}
