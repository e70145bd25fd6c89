import { describe, expect, it } from "vitest";
import {
  MAX_LINK_MINUTES,
  SANDBOX_PARTNER,
  affiliateLink,
  parsePartners,
  partnerMayUse,
  signAffiliateToken,
  verifyAffiliateToken,
} from "./affiliateLinks";

const CLAIM = "3f0c1d2e-1111-4222-8333-444455556666";
const partners = [SANDBOX_PARTNER, { id: "acme", secret: "s".repeat(32) }];

describe("affiliate link tokens", () => {
  it("verify with the partner's secret until they expire", () => {
    const now = Date.UTC(2026, 0, 1);
    const { token, payload } = signAffiliateToken(partners[1], CLAIM, { minutes: 30, now });
    expect(verifyAffiliateToken(token, partners, now)).toEqual({ ok: true, payload });
    expect(verifyAffiliateToken(token, partners, now + 29 * 60_000).ok).toBe(true);
    expect(verifyAffiliateToken(token, partners, now + 30 * 60_000)).toEqual({ ok: false, reason: "expired" });
    expect(payload.n).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(signAffiliateToken(partners[1], CLAIM).payload.n).not.toBe(payload.n);
  });

  it("refuse other secrets, tampering, unknown partners and nonsense", () => {
    const { token } = signAffiliateToken(partners[1], CLAIM);
    expect(verifyAffiliateToken(token, [{ id: "acme", secret: "t".repeat(32) }]).ok).toBe(false);
    expect(verifyAffiliateToken(token, [SANDBOX_PARTNER])).toEqual({ ok: false, reason: "unknown-partner" });
    expect(verifyAffiliateToken(`${token}x`, partners)).toEqual({ ok: false, reason: "bad-signature" });
    expect(verifyAffiliateToken("a.b.c", partners)).toEqual({ ok: false, reason: "malformed" });
    expect(verifyAffiliateToken("", partners)).toEqual({ ok: false, reason: "malformed" });
    expect(verifyAffiliateToken(signAffiliateToken(partners[0], "not-a-uuid").token, partners)).toEqual({ ok: false, reason: "malformed" });
  });

  it("cap how long a link may last", () => {
    expect(() => signAffiliateToken(partners[0], CLAIM, { minutes: MAX_LINK_MINUTES + 1 })).toThrow();
    expect(affiliateLink("https://claims.example/", "abc")).toBe("https://claims.example/api/affiliate/enter?token=abc");
  });

  it("parse AFFILIATE_PARTNERS with a clear message", () => {
    expect(parsePartners(undefined)).toEqual([]);
    expect(parsePartners(`acme:${"k".repeat(32)}, other_1:${"z".repeat(40)}`)).toEqual([
      { id: "acme", secret: "k".repeat(32) },
      { id: "other_1", secret: "z".repeat(40) },
    ]);
    expect(() => parsePartners("acme:short")).toThrow("the secret of partner 'acme' must be at least 32 characters");
    expect(() => parsePartners("no-secret")).toThrow(/partner-id:secret/);
  });

  it("parse a partner's brands; without them a partner has the default brand only, the sandbox partner every brand", () => {
    expect(parsePartners(`acme@fairdrive+checkmycar-kba:${"k".repeat(32)}`)).toEqual([
      { id: "acme", secret: "k".repeat(32), brands: ["fairdrive", "checkmycar-kba"] },
    ]);
    expect(() => parsePartners(`acme@Bad Brand:${"k".repeat(32)}`)).toThrow("partner 'acme' names its brands as brand+brand, by brandId");
    expect(() => parsePartners(`acme@a@b:${"k".repeat(32)}`)).toThrow(/partner-id@brand\+brand:secret/);
    const [listed] = parsePartners(`acme@checkmycar-kba:${"k".repeat(32)}`);
    expect(partnerMayUse(listed, "checkmycar-kba", "fairdrive")).toBe(true);
    expect(partnerMayUse(listed, "fairdrive", "fairdrive")).toBe(false);
    const [unlisted] = parsePartners(`acme:${"k".repeat(32)}`);
    expect(partnerMayUse(unlisted, "fairdrive", "fairdrive")).toBe(true);
    expect(partnerMayUse(unlisted, "checkmycar-kba", "fairdrive")).toBe(false);
    expect(partnerMayUse(SANDBOX_PARTNER, "checkmycar-kba", "fairdrive")).toBe(true);
  });
});
