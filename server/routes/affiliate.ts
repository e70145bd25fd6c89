/**
 * An affiliate partner's signed, expiring, single-use link
 * (server/affiliates/partnerClaims.ts issues it for the partner's own claim request).
 *
 *   GET  /api/affiliate/enter?token=…  → 302 to the page /affiliate/continue?token=… (spends nothing, so a mail
 *                                        scanner's visit does not use the link up)
 *   POST /api/affiliate/enter {token}  → {redirect}: the page's Continue button
 *
 * A link works only for a claim request its own partner created. It never
 * signs anyone in to an existing account: when the claim request's email
 * already has an account, this browser is given the claim request (its
 * funnel session) and sent to sign in; the claim joins the account then.
 * Otherwise a new account (no password yet, email unverified) is created for
 * the claim request, and this browser gets a session scoped to that one claim.
 * A refused link signs nobody in → {redirect: "/login?status=link_invalid"}.
 */
import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { affiliateLandingFor } from "../affiliates/affiliateEntry";
import { CONTINUE_PATH } from "../affiliates/partnerClaims";
import { brandOfClaim } from "../brands";
import { partnersFor, verifyAffiliateToken } from "../auth/affiliateLinks";
import { issueFunnelSession } from "../auth/requestContext";
import { startSession } from "./signIn";
import type { AppContext } from "../context";
import type { Queryable } from "../db/db";
import { devToolsAllowed } from "../http/devTools";
import { findClaimRequestById, linkClaimRequestToUser } from "../store/claimRequests";
import { NO_PASSWORD, findUserByEmail, insertUser, updateUserMetadata, type UserRow } from "../store/users";

export const LINK_INVALID_REDIRECT = "/login?status=link_invalid";

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
 * attached to the account give the user the affiliate metadata (affiliate_token,
 * claim_request_id), so the affiliate funnel's access checks let them finish (sign) the claim.
 */
export async function adoptAffiliateClaim(ctx: AppContext, user: UserRow, claimRequestIds: readonly string[]): Promise<void> {
  const { rows } = await ctx.db.query<{ link_id: string; claim_request_id: string }>(
    `SELECT u.link_id, u.claim_request_id FROM affiliate_link_uses u JOIN claim_requests cr ON cr.id = u.claim_request_id
     WHERE u.claim_request_id = ANY($1::uuid[]) AND cr.signature IS NULL AND cr.affiliate_partner = u.partner ORDER BY u.used_at DESC LIMIT 1`,
    [claimRequestIds],
  );
  if (rows[0]) await updateUserMetadata(ctx.db, user.id, { affiliate_token: rows[0].link_id, claim_request_id: rows[0].claim_request_id });
}

const enterBody = z.strictObject({ token: z.string().min(1).max(1000) });

export function affiliateRoutes(ctx: AppContext, limiter: RequestHandler): Router {
  const router = Router();

  router.get("/affiliate/enter", limiter, (req, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    res.redirect(302, `${CONTINUE_PATH}?token=${encodeURIComponent(token)}`);
  });

  router.post("/affiliate/enter", limiter, async (req, res) => {
    const log = req.log ?? ctx.logger;
    const refuse = (reason: string) => {
      log.info({ reason }, "affiliate link refused");
      res.json({ ok: false, redirect: LINK_INVALID_REDIRECT });
    };
    const parsed = enterBody.safeParse(req.body);
    const check = verifyAffiliateToken(parsed.success ? parsed.data.token : "", partnersFor(ctx.affiliatePartners, devToolsAllowed(req)));
    if (!check.ok) return refuse(check.reason);
    const { p: partner, c: claimRequestId, n: linkId } = check.payload;

    const claim = await findClaimRequestById(ctx.db, claimRequestId);
    if (!claim || !claim.email) return refuse("unknown claim request");
    const { rows: source } = await ctx.db.query<{ affiliate_partner: string | null }>(
      "SELECT affiliate_partner FROM claim_requests WHERE id = $1",
      [claimRequestId],
    );
    // Only the partner that created the claim request may open it: not another partner, and not a public funnel's claim.
    if (source[0]?.affiliate_partner !== partner) return refuse("not this partner's claim request");
    // The page the claim's own affiliate funnel declares (its affiliateEntry, or a step before it for the claim's brand).
    const landing = affiliateLandingFor(ctx.funnels, claim.funnel_version, brandOfClaim(ctx.brands, claim));
    if (!landing) return refuse("the claim request's funnel has no affiliate entry");
    const existing = claim.user_id ? null : await findUserByEmail(ctx.db, claim.email);

    if (claim.user_id || existing) {
      // An account holds the claim or its email: its owner signs in (with their own password and verified email);
      // this browser only receives the claim request, which joins the account at that sign-in.
      const funnelHash = claim.user_id ? null : await issueFunnelSession(ctx.db, res, ctx.cookies);
      const used = await ctx.db.transaction(async (tx) => {
        if (!(await recordUse(tx, { linkId, partner, claimRequestId, userId: null }))) return false;
        if (funnelHash)
          await tx.query("UPDATE claim_requests SET funnel_session_hash = $2 WHERE id = $1 AND user_id IS NULL", [
            claimRequestId,
            funnelHash,
          ]);
        return true;
      });
      if (!used) return refuse("already used");
      res.json({ ok: true, signIn: true, redirect: `/login?redirect=${encodeURIComponent(landing)}&status=existing_user` });
      return;
    }

    const userId = await ctx.db
      .transaction(async (tx) => {
        if (!(await recordUse(tx, { linkId, partner, claimRequestId, userId: null }))) return null;
        const user = await insertUser(tx, {
          email: claim.email as string,
          passwordHash: NO_PASSWORD,
          metadata: { is_new_user: true, password_set: false },
        });
        await linkClaimRequestToUser(tx, claimRequestId, user.id);
        await updateUserMetadata(tx, user.id, { affiliate_token: linkId, claim_request_id: claimRequestId });
        await tx.query("UPDATE affiliate_link_uses SET user_id = $2 WHERE link_id = $1", [linkId, user.id]);
        return user.id;
      })
      .catch((error) => {
        // Two links racing to create the same email's account: the loser is refused rather than signed in.
        log.warn({ err: error }, "affiliate link: account creation failed");
        return null;
      });
    if (!userId) return refuse("already used");
    await startSession(ctx, req, res, userId, { claimRequestId });
    res.json({ ok: true, redirect: landing });
  });

  return router;
}
