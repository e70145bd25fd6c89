/**
 * Affiliate sign-in links. A partner's link carries a payload (partner,
 * claim request, expiry, a random link id) and an HMAC-SHA256 of it under the
 * partner's secret, so the server stores nothing when a link is issued (the
 * issuing command needs only the secret, not the database). The first visit
 * records the link id; any later visit is refused, as is an expired link, a
 * bad signature, an unknown partner or a link valid for longer than
 * MAX_LINK_MINUTES.
 *
 *   token = base64url(JSON payload) "." base64url(HMAC-SHA256(secret, base64url(JSON payload)))
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEFAULT_LINK_MINUTES = 60 * 24;
export const MAX_LINK_MINUTES = 60 * 24 * 7;
export const ENTER_PATH = "/api/affiliate/enter";

export interface AffiliatePartner {
  id: string;
  secret: string;
  /**
   * The brands this partner may create claims for (AFFILIATE_PARTNERS "acme@brand+brand:secret"); "every" for the
   * sandbox partner; left out, the default brand only.
   */
  brands?: readonly string[] | "every";
}

/**
 * Outside production, a documented sandbox partner works without configuration (like a payment test card). It may
 * create claims for every brand, so each sample brand's affiliate way in can be tried.
 */
export const SANDBOX_PARTNER: AffiliatePartner = {
  id: "sandbox",
  secret: "sandbox-affiliate-secret-never-use-in-production",
  brands: "every",
};

/**
 * The partners a request may act as. The sandbox partner's secret is public, so it counts only for a request the
 * dev tools answer (server/http/devTools.ts: this machine, a loopback Host, never in production).
 */
export function partnersFor(partners: readonly AffiliatePartner[], devToolsAnswer: boolean): readonly AffiliatePartner[] {
  return devToolsAnswer ? partners : partners.filter((partner) => partner !== SANDBOX_PARTNER);
}

const PARTNER_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const BRAND_ID = /^[a-z0-9][a-z0-9_-]*$/;

/**
 * AFFILIATE_PARTNERS="acme@fairdrive+checkmycar-kba:<secret of 32+ characters>,other:<secret>" → partners (a partner
 * without @brands may use the default brand only); throws a one-line message on a bad value.
 */
export function parsePartners(value: string | undefined): AffiliatePartner[] {
  if (!value?.trim()) return [];
  return value.split(",").map((entry) => {
    const at = entry.indexOf(":");
    const [id, brandList, extra] = entry.slice(0, at).trim().split("@");
    const secret = entry.slice(at + 1).trim();
    if (at < 0 || !PARTNER_ID.test(id) || extra !== undefined)
      throw new Error(
        "each entry must be partner-id:secret or partner-id@brand+brand:secret, the id in lower case letters, digits, - or _",
      );
    const brands = brandList?.split("+").map((b) => b.trim());
    if (brands && !brands.every((b) => BRAND_ID.test(b))) throw new Error(`partner '${id}' names its brands as brand+brand, by brandId`);
    if (secret.length < 32) throw new Error(`the secret of partner '${id}' must be at least 32 characters`);
    return brands ? { id, secret, brands } : { id, secret };
  });
}

/** Whether the partner may create claims for this brand (`defaultBrandId`: the brand a partner without a list may use). */
export function partnerMayUse(partner: AffiliatePartner, brandId: string, defaultBrandId: string): boolean {
  if (partner.brands === "every") return true;
  return partner.brands ? partner.brands.includes(brandId) : brandId === defaultBrandId;
}

export interface LinkPayload {
  /** partner id */
  p: string;
  /** claim request id */
  c: string;
  /** expiry, seconds since the epoch */
  e: number;
  /** link id, random */
  n: string;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString("base64url");
const mac = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest();

export function signAffiliateToken(
  partner: AffiliatePartner,
  claimRequestId: string,
  options: { minutes?: number; now?: number } = {},
): { token: string; payload: LinkPayload } {
  const minutes = options.minutes ?? DEFAULT_LINK_MINUTES;
  if (!(minutes > 0 && minutes <= MAX_LINK_MINUTES)) throw new Error(`a link lasts between 1 minute and ${MAX_LINK_MINUTES} minutes`);
  const now = options.now ?? Date.now();
  const payload: LinkPayload = {
    p: partner.id,
    c: claimRequestId,
    e: Math.floor(now / 1000) + Math.round(minutes * 60),
    n: b64(randomBytes(16)),
  };
  const body = b64(JSON.stringify(payload));
  return { token: `${body}.${b64(mac(partner.secret, body))}`, payload };
}

export function affiliateLink(origin: string, token: string): string {
  return `${origin.replace(/\/$/, "")}${ENTER_PATH}?token=${encodeURIComponent(token)}`;
}

export type LinkCheck =
  { ok: true; payload: LinkPayload } | { ok: false; reason: "malformed" | "unknown-partner" | "bad-signature" | "expired" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Signature and expiry only; single use is the caller's job (it records payload.n). */
export function verifyAffiliateToken(token: string, partners: readonly AffiliatePartner[], now = Date.now()): LinkCheck {
  if (typeof token !== "string" || token.length > 1000) return { ok: false, reason: "malformed" };
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return { ok: false, reason: "malformed" };
  let payload: LinkPayload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as LinkPayload;
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (
    !payload ||
    typeof payload.p !== "string" ||
    typeof payload.c !== "string" ||
    !UUID.test(payload.c) ||
    typeof payload.e !== "number" ||
    typeof payload.n !== "string" ||
    !/^[A-Za-z0-9_-]{16,64}$/.test(payload.n)
  ) {
    return { ok: false, reason: "malformed" };
  }
  const partner = partners.find((p) => p.id === payload.p);
  if (!partner) return { ok: false, reason: "unknown-partner" };
  const expected = mac(partner.secret, body);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad-signature" };
  const nowSeconds = Math.floor(now / 1000);
  if (payload.e <= nowSeconds || payload.e > nowSeconds + MAX_LINK_MINUTES * 60 + 60) return { ok: false, reason: "expired" };
  return { ok: true, payload };
}
