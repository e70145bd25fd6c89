/**
 * Save and finish later, on any device.
 *   POST /api/save-return {claim_request_id, step, email?} → mails a single-use link to the claim's email (or the
 *        one given, when the claim has none yet) → {ok, email}. Only the claim request's owner may ask.
 *   GET  /api/save-return/enter?token=… → this browser gets a funnel session owning that claim request only (the
 *        claim request moves to it, so the device that saved it no longer holds it) and opens the step where the
 *        visitor left, in the language the claim was saved in; the answers come from the server there (ResumeGate).
 *        A used, expired or unknown link, or a claim that is signed and has an account, is refused with a message on
 *        the sign-in page, in the language the claim was saved in when the link is known.
 * Rate-limited per client address (both) and per email (links mailed per hour).
 */
import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { EMAIL_ADDRESS } from "../../engine/email";
import { issueFunnelSession, ownerOf } from "../auth/requestContext";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { badRequest, notFound } from "../http/errors";
import { publicOrigin } from "../publicOrigin";
import { isUuid, parseBody } from "../http/validate";
import { composeMail } from "../mail/composeMail";
import { consumerLanguage, mailWording, visitWords } from "../language/consumerLanguage";
import { setCookie } from "../http/cookies";
import { LANGUAGE_COOKIE, visitLanguage } from "../language/visitLanguage";
import { SAVE_RETURN_MAILS_PER_EMAIL_PER_HOUR, createSaveReturnLink, recentLinksTo, spendSaveReturnLink } from "../saveReturn/links";
import { findClaimRequestById, findOwnedClaimRequest, type ClaimRequestRow } from "../store/claimRequests";
import { findUserByEmail } from "../store/users";

export const ENTER_SAVED_PATH = "/api/save-return/enter";
/** The query parameter that tells the funnel page which claim request to load its answers from. */
export const SAVED_PARAM = "saved";

const body = z.strictObject({
  claim_request_id: z.string().refine(isUuid, "must be a valid id"),
  step: z.string().min(1).max(100),
  email: z.string().trim().max(320).regex(EMAIL_ADDRESS, "Please enter a valid email address").optional(),
});

/** A signed claim whose email has an account is finished in the portal: its owner signs in instead. */
async function belongsToAccount(ctx: AppContext, claim: ClaimRequestRow): Promise<boolean> {
  if (claim.user_id) return true;
  return Boolean(claim.signature && claim.email && (await findUserByEmail(ctx.db, claim.email)));
}

export function saveReturnRoutes(ctx: AppContext, limits: { saveReturn: RequestHandler; saveReturnUse: RequestHandler }): Router {
  const router = Router();

  router.post("/save-return", limits.saveReturn, async (req, res) => {
    const input = parseBody(body, req);
    const claim = await findOwnedClaimRequest(ctx.db, input.claim_request_id, ownerOf(res));
    if (!claim) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    const said = visitWords(ctx, req).saveReturn;
    const funnel = ctx.funnels.find((f) => f.version === claim.funnel_version);
    if (!funnel?.steps.some((s) => s.id === input.step)) throw badRequest(said.notAStep);
    if (await belongsToAccount(ctx, claim)) throw badRequest(said.signInInstead, { redirect: "/login?status=save_link_account" });
    const email = claim.email ?? input.email;
    if (!email) throw badRequest(said.needsEmail, { needsEmail: true });
    if ((await recentLinksTo(ctx.db, ctx.dataKeyring, email)) >= SAVE_RETURN_MAILS_PER_EMAIL_PER_HOUR)
      throw badRequest(said.tooManyToEmail);
    const days = ctx.saveReturnLinkDays;
    const token = await createSaveReturnLink(ctx.db, ctx.dataKeyring, { claimRequestId: claim.id, step: input.step, email, days });
    const language = consumerLanguage(ctx, brand, visitLanguage(req, ctx.cookies), claim.language);
    await ctx.mail.send(
      composeMail(mailWording(ctx, language), "saveReturn", {
        to: email,
        brandName: brand.brandName,
        values: { link: `${publicOrigin(req, brand, ctx.production)}${ENTER_SAVED_PATH}?token=${token}`, days },
      }),
    );
    res.json({ ok: true, email });
  });

  router.get("/save-return/enter", limits.saveReturnUse, async (req, res) => {
    const log = req.log ?? ctx.logger;
    const token = typeof req.query.token === "string" && /^[A-Za-z0-9_-]{43}$/.test(req.query.token) ? req.query.token : "";
    /** The other device carries on, or reads why not, in the language the claim was saved in. */
    const keepLanguage = (claim: ClaimRequestRow | null | undefined) => {
      if (claim?.language && !visitLanguage(req, ctx.cookies)) setCookie(res, LANGUAGE_COOKIE, claim.language, ctx.cookies);
    };
    const refuse = (status: string, reason: string, claim?: ClaimRequestRow | null) => {
      log.info({ reason }, "save-return link refused");
      keepLanguage(claim);
      res.redirect(302, `/login?status=${status}`);
    };
    if (!token) return refuse("save_link_expired", "malformed");
    const spent = await spendSaveReturnLink(ctx.db, token);
    if (!spent.ok) {
      const known = spent.reason === "unknown" ? null : await findClaimRequestById(ctx.db, spent.claimRequestId);
      return refuse(spent.reason === "used" ? "save_link_used" : "save_link_expired", spent.reason, known);
    }
    const claim = await findClaimRequestById(ctx.db, spent.claimRequestId);
    if (!claim) return refuse("save_link_expired", "claim request gone");
    if (await belongsToAccount(ctx, claim)) return refuse("save_link_account", "signed, with an account", claim);
    const funnel = ctx.funnels.find((f) => f.version === claim.funnel_version);
    if (!funnel) return refuse("save_link_expired", "funnel gone");
    const hash = await issueFunnelSession(ctx.db, res, ctx.cookies);
    keepLanguage(claim);
    await ctx.db.query("UPDATE claim_requests SET funnel_session_hash = $2 WHERE id = $1 AND user_id IS NULL", [claim.id, hash]);
    res.redirect(302, `/claim/${funnel.routing.path}/${encodeURIComponent(spent.step)}?${SAVED_PARAM}=${claim.id}`);
  });

  return router;
}
