/**
 * GET /api/affiliate/enter?token=…: an affiliate partner's signed,
 * expiring, single-use link (tools/affiliate-link.ts issues one). A good link
 * signs the user in with affiliate_token and claim_request_id in their
 * metadata, creating the account from the claim request's email if needed,
 * and lands on the v4 funnel's first step. An account that already has a
 * password is never signed in by a link: its owner signs in, and the claim
 * joins the account then (a link alone must not open an existing account).
 * A refused link (bad signature, expired, used, unknown claim) signs nobody
 * in and goes to the sign-in page with status=link_invalid.
 */
import { Router, type RequestHandler } from "express";
import { verifyAffiliateToken } from "../auth/affiliateLinks";
import { ensureFunnelSession } from "../auth/requestContext";
import { SESSION_MS, createSession, deleteSession } from "../auth/sessions";
import type { AppContext } from "../context";
import type { Queryable } from "../db/db";
import { SESSION_COOKIE, readCookie, setCookie } from "../http/cookies";
import { findClaimRequestById, linkClaimRequestToUser } from "../store/claimRequests";
import { NO_PASSWORD, findUserByEmail, findUserById, insertUser, updateUserMetadata, type UserRow } from "../store/users";

export const LINK_INVALID_REDIRECT = "/login?status=link_invalid";
export const AFFILIATE_VERSION = "v4";

/** The affiliate funnel's first step: /claim/v4/lender-selection. */
export function affiliateLanding(ctx: AppContext): string {
  const funnel = ctx.funnels.find((f) => f.version === AFFILIATE_VERSION);
  return funnel ? `/claim/${funnel.routing.path}/${funnel.steps[0].id}` : "/claim/v4/lender-selection";
}

const hasPassword = (user: UserRow) => user.password_hash !== NO_PASSWORD;

/** Records the link's first use; false when it was used before. */
async function recordUse(tx: Queryable, input: { linkId: string; partner: string; claimRequestId: string; userId: string | null }) {
  const { rows } = await tx.query(
    `INSERT INTO affiliate_link_uses (link_id, partner, claim_request_id, user_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (link_id) DO NOTHING RETURNING link_id`,
    [input.linkId, input.partner, input.claimRequestId, input.userId],
  );
  return rows.length === 1;
}

/**
 * On sign-in: claim requests that came from an affiliate link and were just
 * attached to the account give the user the v4 metadata, so the guard lets
 * them finish (sign) the claim.
 */
export async function adoptAffiliateClaim(ctx: AppContext, user: UserRow, claimRequestIds: readonly string[]): Promise<void> {
  const { rows } = await ctx.db.query<{ link_id: string; claim_request_id: string }>(
    `SELECT u.link_id, u.claim_request_id FROM affiliate_link_uses u JOIN claim_requests cr ON cr.id = u.claim_request_id
     WHERE u.claim_request_id = ANY($1::uuid[]) AND cr.signature IS NULL ORDER BY u.used_at DESC LIMIT 1`,
    [claimRequestIds],
  );
  if (rows[0]) await updateUserMetadata(ctx.db, user.id, { affiliate_token: rows[0].link_id, claim_request_id: rows[0].claim_request_id });
}

export function affiliateRoutes(ctx: AppContext, limiter: RequestHandler): Router {
  const router = Router();

  router.get("/affiliate/enter", limiter, async (req, res) => {
    const log = req.log ?? ctx.logger;
    const refuse = (reason: string) => {
      log.info({ reason }, "affiliate link refused");
      res.redirect(302, LINK_INVALID_REDIRECT);
    };
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const check = verifyAffiliateToken(token, ctx.affiliatePartners);
    if (!check.ok) return refuse(check.reason);
    const { p: partner, c: claimRequestId, n: linkId } = check.payload;

    const claim = await findClaimRequestById(ctx.db, claimRequestId);
    if (!claim || !claim.email) return refuse("unknown claim request");
    const { rows: source } = await ctx.db.query<{ affiliate_partner: string | null }>("SELECT affiliate_partner FROM claim_requests WHERE id = $1", [
      claimRequestId,
    ]);
    if (source[0]?.affiliate_partner && source[0].affiliate_partner !== partner) return refuse("another partner's claim request");
    const owner = claim.user_id ? await findUserById(ctx.db, claim.user_id) : await findUserByEmail(ctx.db, claim.email);
    const landing = affiliateLanding(ctx);

    if (owner && hasPassword(owner)) {
      // An existing account: its owner signs in. The claim joins the account at sign-in through this
      // browser's funnel cookie (or already belongs to it), and the metadata then lets the guard pass.
      const funnelHash = claim.user_id ? null : ensureFunnelSession(res, ctx.cookies);
      const used = await ctx.db.transaction(async (tx) => {
        if (!(await recordUse(tx, { linkId, partner, claimRequestId, userId: owner.id }))) return false;
        if (funnelHash) await tx.query("UPDATE claim_requests SET funnel_session_hash = $2 WHERE id = $1 AND user_id IS NULL", [claimRequestId, funnelHash]);
        else if (!claim.signature) await updateUserMetadata(tx, owner.id, { affiliate_token: linkId, claim_request_id: claimRequestId });
        return true;
      });
      if (!used) return refuse("already used");
      res.redirect(302, `/login?redirect=${encodeURIComponent(landing)}&status=existing_user`);
      return;
    }

    const token2 = await ctx.db.transaction(async (tx) => {
      if (!(await recordUse(tx, { linkId, partner, claimRequestId, userId: null }))) return null;
      const user =
        owner ??
        (await insertUser(tx, { email: claim.email as string, passwordHash: NO_PASSWORD, metadata: { is_new_user: true, password_set: false } }));
      if (!claim.user_id) await linkClaimRequestToUser(tx, claimRequestId, user.id);
      await updateUserMetadata(tx, user.id, { affiliate_token: linkId, claim_request_id: claimRequestId });
      await tx.query("UPDATE affiliate_link_uses SET user_id = $2 WHERE link_id = $1", [linkId, user.id]);
      return createSession(tx, user.id);
    });
    if (!token2) return refuse("already used");
    const previous = readCookie(req, SESSION_COOKIE);
    if (previous) await deleteSession(ctx.db, previous);
    setCookie(res, SESSION_COOKIE, token2, ctx.cookies, SESSION_MS);
    res.redirect(302, landing);
  });

  return router;
}

