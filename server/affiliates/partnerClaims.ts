/**
 * Claims an affiliate partner hands over, and the signed links that open them.
 * The partner API (POST /api/partners/claims) and the command-line tool
 * (server/commands/affiliateLink.ts) both call these functions.
 *
 * A partner's claim request records the partner (claim_requests.affiliate_partner)
 * and belongs to nobody until its link is opened: no browser holds its funnel
 * session, and no account holds it. A link is issued only for the partner's own
 * claim requests, and the link route checks that again.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { EMAIL_ADDRESS } from "../../engine/email";
import {
  DEFAULT_LINK_MINUTES,
  MAX_LINK_MINUTES,
  affiliateLink,
  partnerMayUse,
  signAffiliateToken,
  type AffiliatePartner,
} from "../auth/affiliateLinks";
import { hashToken } from "../auth/tokens";
import { defaultBrand } from "../brands";
import { brandPrefix, generateReference } from "../claims/claimReference";
import type { AppContext } from "../context";
import { searchAndSave } from "../credit/search";
import { identityGate } from "../identity/identityGate";
import { isUniqueViolation, type Queryable } from "../db/db";
import { findClaimRequestById, insertClaimRequest } from "../store/claimRequests";
import { affiliateFunnelFor } from "./affiliateEntry";
import { consumerChanges } from "./partnerConsumer";
import { brandFunnel } from "../content/brandFunnel";

/** Where a link's visitor lands: a page that continues by POST, so a mail scanner's GET does not spend the link. */
export const CONTINUE_PATH = "/affiliate/continue";

const text = (min: number, max: number) => z.string().trim().min(min).max(max);
export const partnerClaimBody = z.strictObject({
  brand_id: z.string().max(100).optional(),
  consumer: z.strictObject({
    title: text(0, 20).optional(),
    first_name: text(1, 60),
    last_name: text(1, 60),
    date_of_birth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 1984-03-17"),
    // Whether the email and the number are valid, and the form they are kept in, is the brand's funnel's say (consumerChanges).
    email: z.string().trim().max(254).regex(EMAIL_ADDRESS, "must be an email address"),
    phone_number: z.string().trim().max(30).optional(),
    address: z.strictObject({
      building_name: text(0, 120).optional(),
      house_number: text(0, 20).optional(),
      street: text(1, 120),
      city: text(1, 80),
      county: text(0, 80).optional(),
      postcode: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/, "must be a UK postcode"),
    }),
  }),
  /**
   * Run the brand's soft credit search now (default true), so the consumer sees the agreements found; a brand whose
   * consumer must first pass an identity or KBA check answers "identity-required" and runs none.
   */
  credit_search: z.boolean().optional(),
  link_minutes: z.number().int().min(1).max(MAX_LINK_MINUTES).optional(),
});
export type PartnerClaimInput = z.infer<typeof partnerClaimBody>;

export class PartnerClaimError extends Error {
  override name = "PartnerClaimError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface IssuedLink {
  claim_request_id: string;
  claim_reference: string;
  link: string;
  expires_at: string;
}

/**
 * Where a link points: one origin, or the origin of the claim's brand (so its consumer opens the claim on that
 * brand's site, with that brand's steps).
 */
export type LinkOrigin = string | ((brandId: string) => string);

/** A signed link for one of this partner's claim requests; refused for any other claim request. */
export async function issuePartnerLink(
  db: Queryable,
  partner: AffiliatePartner,
  claimRequestId: string,
  options: { origin: LinkOrigin; minutes?: number },
): Promise<IssuedLink> {
  const claim = await findClaimRequestById(db, claimRequestId.toLowerCase());
  const { rows } = claim
    ? await db.query<{ affiliate_partner: string | null }>("SELECT affiliate_partner FROM claim_requests WHERE id = $1", [claim.id])
    : { rows: [] };
  // The same answer whether the claim request does not exist or is someone else's.
  if (!claim || rows[0]?.affiliate_partner !== partner.id) throw new PartnerClaimError(404, "No claim request of this partner has that id");
  if (claim.signature) throw new PartnerClaimError(409, "This claim request is already signed");
  const { token, payload } = signAffiliateToken(partner, claim.id, { minutes: options.minutes ?? DEFAULT_LINK_MINUTES });
  return {
    claim_request_id: claim.id,
    claim_reference: claim.claim_reference,
    link: affiliateLink(typeof options.origin === "string" ? options.origin : options.origin(claim.brand_id), token).replace(
      "/api/affiliate/enter?",
      `${CONTINUE_PATH}?`,
    ),
    expires_at: new Date(payload.e * 1000).toISOString(),
  };
}

/**
 * Creates the partner's claim request for a brand the partner is configured for (and, by default, runs the credit
 * search, unless the brand's identity step must come first), then issues its link.
 */
export async function createPartnerClaim(
  ctx: Pick<
    AppContext,
    "db" | "brands" | "funnels" | "credit" | "identity" | "dataKeyring" | "creditTimeoutMs" | "logger" | "lenderCatalogue"
  > &
    Partial<Pick<AppContext, "content">>,
  partner: AffiliatePartner,
  input: PartnerClaimInput,
  options: { origin: LinkOrigin },
): Promise<IssuedLink & { credit_search: { status: string; agreements_found: number } | null }> {
  const brand = input.brand_id ? ctx.brands.find((b) => b.brandId === input.brand_id) : defaultBrand(ctx.brands);
  if (!brand) throw new PartnerClaimError(400, `Unknown brand '${input.brand_id}'`);
  // A partner works for the brands it is configured for (AFFILIATE_PARTNERS), no others.
  if (!partnerMayUse(partner, brand.brandId, defaultBrand(ctx.brands).brandId))
    throw new PartnerClaimError(403, `This partner may not create claims for brand '${brand.brandId}'`);
  // The definitions say which funnel a partner's claim runs: the brand's affiliate funnel.
  const affiliate = affiliateFunnelFor(ctx.funnels, brand);
  if (!affiliate.ok) throw new PartnerClaimError(400, affiliate.reason);
  // Stored as the brand's own funnel stores its visitors' answers, refused with its messages.
  const consumer = consumerChanges(brandFunnel(ctx.funnels, brand), input.consumer);
  if (!consumer.ok) throw new PartnerClaimError(400, consumer.error);
  const { changes } = consumer;
  let row;
  for (let attempt = 1; ; attempt++) {
    try {
      row = await ctx.db.transaction(async (tx) => {
        // A funnel-session hash no browser holds: until the link is opened, nobody owns it.
        const created = await insertClaimRequest(tx, {
          reference: generateReference(brandPrefix(brand.brandName, brand.brandId)),
          sessionHash: hashToken(randomBytes(32).toString("base64url")),
          brandId: brand.brandId,
          funnelVersion: affiliate.funnel.version,
          changes,
        });
        await tx.query("UPDATE claim_requests SET affiliate_partner = $2, partner_created_at = now() WHERE id = $1", [
          created.id,
          partner.id,
        ]);
        return created;
      });
      break;
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, "claim_requests_claim_reference_key")) continue;
      throw error;
    }
  }
  let search: { status: string; agreements_found: number } | null = null;
  if (input.credit_search !== false) {
    const provider = ctx.credit.get(brand.credit_check_provider_id);
    // The brand's identity step gates this search as it gates the funnel's: a brand whose consumer must pass an
    // identity or KBA check gets no search until they have (identity/identityGate.ts).
    const onError = (error: unknown) => ctx.logger.warn({ err: error, provider: provider?.name }, "partner claim: credit search failed");
    const gate = provider ? await identityGate(ctx, brand, row, onError) : null;
    if (provider && gate?.go) {
      const outcome = await searchAndSave(ctx, row, provider, { onError });
      search = { status: outcome.status, agreements_found: outcome.claims.length };
    } else if (provider) {
      search = { status: "identity-required", agreements_found: 0 };
    }
  }
  return {
    ...(await issuePartnerLink(ctx.db, partner, row.id, { origin: options.origin, minutes: input.link_minutes })),
    credit_search: search,
  };
}
