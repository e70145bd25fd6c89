/**
 * Account setup for a claim request's email:
 *
 *   POST /api/account/email-code {claim_request_id}           → mails a code to the claim's email → {ok, codeSent}
 *   POST /api/account/email-code/verify {claim_request_id, code} → the email is proven → {verified, existingUser}
 *   POST /api/account/setup {claim_request_id, password, code?}
 *        email not proven, no code → a code is mailed → 202 {ok:false, emailCodeRequired, message}
 *        email proven (or the code given is right): a new email → the account (its email verified), linked to the
 *        claim request, this browser signed in → 201 {ok, redirect}; an email with an account → 409 {existingUser}
 *        (its owner signs in, and the claim joins the account then)
 *
 * Until the visitor has proven they read the address (auth/claimEmailProof.ts), every answer, mail, cookie and
 * path through the code is the same whether or not the email has an account, so these routes cannot be used to
 * find out who has one. Only after the proof may the flow diverge.
 */
import { Router, type Request } from "express";
import { z } from "zod";
import { checkClaimEmailCode, emailProofError, emailProven, sendClaimEmailCode } from "../auth/claimEmailProof";
import { updateMetadataWithRetry } from "../auth/metadata";
import { passwordProblem } from "../auth/definitionPasswordRules";
import { ownerOf } from "../auth/requestContext";
import { startSession } from "./signIn";
import { defaultBrand } from "../brands";
import type { AppContext } from "../context";
import { databaseFault } from "../db/unavailable";
import { HttpError, badRequest, notFound } from "../http/errors";
import { isUuid, parseBody } from "../http/validate";
import { findOwnedClaimRequest, linkClaimRequestToUser, type ClaimRequestRow } from "../store/claimRequests";
import { findUserByEmail, normaliseEmail, type UserRow } from "../store/users";
import { consumerLanguage, mailWording, visitFunnel, visitWords } from "../language/consumerLanguage";
import { visitLanguage } from "../language/visitLanguage";
import { claimRequestBody } from "../../schema/api/funnelCalls";

const claimRequestId = z.string().refine(isUuid, "must be a valid id");
const code = z.string().trim().max(10);
const setupBody = z.strictObject({
  claim_request_id: claimRequestId,
  password: z.string().max(200, "Password must be 200 characters or fewer"),
  code: code.optional(),
});
const codeCheckBody = z.strictObject({ claim_request_id: claimRequestId, code });

type ClaimWithEmail = ClaimRequestRow & { email: string };

export function accountRoutes(ctx: AppContext): Router {
  const router = Router();

  const ownedWithEmail = async (req: Request, res: Parameters<typeof ownerOf>[0], id: string): Promise<ClaimWithEmail> => {
    const row = await findOwnedClaimRequest(ctx.db, id, ownerOf(res));
    if (!row) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    if (!row.email) throw badRequest(visitWords(ctx, req).account.emailRequired);
    return row as ClaimWithEmail;
  };

  /** Mails a code to the claim's email; the same whether or not the email has an account. */
  const sendCode = async (req: Request, row: ClaimWithEmail) => {
    const brand = ctx.brands.find((b) => b.brandId === row.brand_id) ?? defaultBrand(ctx.brands);
    const wording = mailWording(ctx, consumerLanguage(ctx, brand, visitLanguage(req, ctx.cookies), row.language));
    return sendClaimEmailCode(
      { db: ctx.db, mail: ctx.mail },
      { claimRequestId: row.id, email: row.email, brandName: brand.brandName, wording },
    );
  };

  /** A code's check: a wrong, spent or expired one is refused with how many guesses are left. */
  const proveWithCode = async (req: Request, row: ClaimWithEmail, given: string) => {
    const outcome = await checkClaimEmailCode(ctx.db, { claimRequestId: row.id, email: row.email, code: given });
    if (outcome.ok) return;
    const failure = emailProofError(outcome.reason, visitWords(ctx, req).emailProof);
    throw new HttpError(failure.status, failure.message, {
      emailCodeRequired: true,
      ...(outcome.attemptsRemaining === undefined ? {} : { attemptsRemaining: outcome.attemptsRemaining }),
    });
  };

  router.post("/account/email-code", async (req, res) => {
    const input = parseBody(claimRequestBody, req);
    const row = await ownedWithEmail(req, res, input.claim_request_id);
    const sent = await sendCode(req, row);
    if (!sent.ok) {
      const failure = emailProofError(sent.reason, visitWords(ctx, req).emailProof);
      throw new HttpError(failure.status, failure.message);
    }
    res.json({ ok: true, codeSent: true, message: visitWords(ctx, req).account.emailCodeSent });
  });

  router.post("/account/email-code/verify", async (req, res) => {
    const input = parseBody(codeCheckBody, req);
    const row = await ownedWithEmail(req, res, input.claim_request_id);
    await proveWithCode(req, row, input.code);
    // Proven: now it may say whether the address has an account.
    res.json({ verified: true, existingUser: Boolean(row.user_id) || Boolean(await findUserByEmail(ctx.db, row.email)) });
  });

  router.post("/account/setup", async (req, res) => {
    const input = parseBody(setupBody, req);
    const row = await ownedWithEmail(req, res, input.claim_request_id);
    const words = visitWords(ctx, req);
    const said = words.account;
    // The claim's own funnel's password rules and messages, then the server's policy.
    const funnel = ctx.funnels.find((f) => f.version === row.funnel_version);
    const brand = ctx.brands.find((b) => b.brandId === row.brand_id) ?? defaultBrand(ctx.brands);
    const problem = passwordProblem(visitFunnel(ctx, req, funnel, brand), words.passwordPolicy, input.password, row.email);
    if (problem) throw badRequest(problem);
    // Already in an account (a repeat of a setup that went through): nothing more to do.
    if (row.user_id) {
      res.status(201).json({ ok: true, redirect: "/portal" });
      return;
    }

    if (!emailProven(row)) {
      if (input.code === undefined) {
        // A code is mailed (or one was just sent); the answer is the same for every email.
        await sendCode(req, row);
        res.status(202).json({ ok: false, emailCodeRequired: true, message: said.emailCodeSent });
        return;
      }
      await proveWithCode(req, row, input.code);
    }

    // The visitor reads this mailbox: an existing account is told to sign in.
    if (await findUserByEmail(ctx.db, row.email)) throw new HttpError(409, said.existingAccount, { existingUser: true });
    const passwordHash = await ctx.passwords.hash(input.password);
    let created: UserRow | null;
    try {
      created = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<UserRow>(
          // The code proved the mailbox: the account starts with its email verified.
          `INSERT INTO users (email, password_hash, metadata, email_verified_at, language) VALUES ($1, $2, $3::jsonb, now(), $4)
           ON CONFLICT (email) DO NOTHING RETURNING *`,
          [
            normaliseEmail(row.email),
            passwordHash,
            JSON.stringify({
              // first_login: the portal greets the first visit, then clears it; from_v2_confirmation: where the account began
              // (the claim's funnel says so in its accountMetadata).
              first_login: true,
              from_v2_confirmation: false,
              ...funnel?.accountMetadata,
              // Never a definition's to set.
              is_new_user: true,
              claim_request_id: row.id,
            }),
            // The account's later mails follow the language its claim was made in.
            row.language,
          ],
        );
        if (rows[0]) await linkClaimRequestToUser(tx, row.id, rows[0].id);
        return rows[0] ?? null;
      });
    } catch (error) {
      if (databaseFault(error)) throw error; // the database is briefly unavailable: 503, try again
      req.log?.error({ err: error }, "account setup: sign-up failed");
      throw new HttpError(500, said.failedToCreate);
    }
    // Someone created the account a moment ago.
    if (!created) throw new HttpError(409, said.existingAccount, { existingUser: true });
    await startSession(ctx, req, res, created.id);
    await updateMetadataWithRetry(ctx.db, req.log ?? ctx.logger, created.id, { password_set: true, is_new_user: false });
    res.status(201).json({ ok: true, redirect: "/portal" });
  });
  return router;
}
