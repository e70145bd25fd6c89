/**
 * A partner's claim on a brand whose credit provider needs a KBA step: the link opens the affiliate funnel's KBA
 * step (not its lender selection), and the credit search the partner could not run runs once the consumer has
 * passed it, through the same gate, storing the agreements it finds as a plain brand's partner claim does. Wrong
 * answers run no search. The renderer's part of the walk (on the shipped v4) is e2e/v4-identity.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PARTNER, type AffiliatePartner } from "../auth/affiliateLinks";
import {
  PEOPLE,
  Visitor,
  kbaAnswers,
  partnerConsumer,
  partnerPost,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { affiliate: 1000 } });
});
afterAll(async () => {
  await server?.stop();
});

const searchesOf = async (claimId: string) =>
  (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM credit_checks WHERE claim_request_id = $1", [claimId])).rows[0].n;

/** The partner creates the claim; the consumer opens its link (the continue page's POST). */
async function partnerClaimOpened(brandId: string | undefined, surname: string) {
  const who = withSurname(PEOPLE.rajesh, surname, `${surname.toLowerCase()}.v4@example.com`);
  const created = await partnerPost(server.url, SANDBOX_PARTNER, "/api/partners/claims", {
    ...(brandId ? { brand_id: brandId } : {}),
    consumer: partnerConsumer(who),
  });
  expect(created.status).toBe(201);
  const consumer = new Visitor(server.url);
  const entered = await consumer.post("/api/affiliate/enter", { token: new URL(created.body.link).searchParams.get("token") });
  expect(entered.body.ok).toBe(true);
  return { who, consumer, id: created.body.claim_request_id as string, created: created.body, landing: entered.body.redirect as string };
}

describe("the affiliate funnel on a KBA brand", { timeout: 60_000 }, () => {
  it("opens at the KBA step; a KBA pass lets the consumer's search run and store the agreements", async () => {
    const { who, consumer, id, created, landing } = await partnerClaimOpened("northgate-kba", "Vfourkba");
    expect(created.credit_search).toEqual({ status: "identity-required", agreements_found: 0 });
    expect(landing).toBe("/claim/t1a/verify");
    // The funnel's own access checks admit the link's visitor at that step.
    expect((await consumer.get("/api/access?version=t1a&step=verify")).body).toMatchObject({ ok: true, data: { claim_request_id: id } });

    const answers = await kbaAnswers(consumer, id, who);
    expect((await consumer.post("/api/kba/answers", { claim_request_id: id, answers: answers(true) })).body).toEqual({ status: "success" });
    const search = await consumer.post("/api/credit-check/run", { claim_request_id: id });
    expect(search.body.status).toBe("success");
    expect(await searchesOf(id)).toBe(1);

    // The agreements found are the claim's, as a plain brand's partner claim has them from its creation.
    expect(search.body.claimsFound).toBeGreaterThan(0);
    const claims = (await consumer.get(`/api/claim-requests/${id}`)).body.claims as { source: string }[];
    expect(claims.map((c) => c.source)).toEqual(Array(search.body.claimsFound).fill("credit-check"));
  });

  it("wrong answers run no search", async () => {
    const { who, consumer, id } = await partnerClaimOpened("northgate-kba", "Vfourwrong");
    const answers = await kbaAnswers(consumer, id, who);
    expect((await consumer.post("/api/kba/answers", { claim_request_id: id, answers: answers(false) })).body).toMatchObject({
      status: "failure",
    });
    expect((await consumer.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(403);
    expect(await searchesOf(id)).toBe(0);
    expect((await consumer.get(`/api/claim-requests/${id}`)).body.claims).toEqual([]);
  });

  it("on an affiliate identity brand it opens at the credit check, whose identity check runs on the details the funnel loaded", async () => {
    const { consumer, id, created, landing } = await partnerClaimOpened("quickcheck-affiliate", "Vfourident");
    expect(created.credit_search).toEqual({ status: "identity-required", agreements_found: 0 });
    expect(landing).toBe("/claim/t1a/identity");
    // What the access guard loads is what the funnel's identity check sends (identityBeforeCreditCheck).
    const { data } = (await consumer.get("/api/access?version=t1a&step=identity")).body;
    expect((await consumer.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(403);
    const verified = await consumer.post("/api/credit-check/sandbox/verify-user", {
      clientRefId: id,
      personalDetails: data.personalDetails,
      contactDetails: data.contactDetails,
      address: data.address,
      deviceSessionId: "v4-device",
    });
    expect(verified.body.data).toMatchObject({ decision: "ALLOW" });
    expect((await consumer.post("/api/credit-check/run", { claim_request_id: id })).body.status).toBe("success");
    expect(await searchesOf(id)).toBe(1);
  });

  it("a plain brand's link still opens lender selection, with the partner's agreements", async () => {
    const { consumer, id, created, landing } = await partnerClaimOpened(undefined, "Vfourdefault");
    expect(landing).toBe("/claim/t1a/lenders");
    expect(created.credit_search).toMatchObject({ status: "success" });
    expect(((await consumer.get(`/api/claim-requests/${id}`)).body.claims as unknown[]).length).toBe(
      created.credit_search.agreements_found,
    );
  });
});

describe("a partner link points at the claim's brand's site", { timeout: 60_000 }, () => {
  it("in production, a KBA brand's claim made through another brand's host links to the KBA brand's hostname", async () => {
    const partner: AffiliatePartner = { id: "kbapartner", secret: "a-kba-partner-secret-of-at-least-32-characters" };
    const production = await startTestServer({
      nodeEnv: "production",
      env: { NODE_ENV: "production", AFFILIATE_PARTNERS: `kbapartner@northgate-kba:${partner.secret}` },
    });
    try {
      const who = withSurname(PEOPLE.rajesh, "Vfourhost", "vfourhost.v4@example.com");
      // The test server answers on 127.0.0.1, a hostname of the default brand.
      const created = await partnerPost(production.url, partner, "/api/partners/claims", {
        brand_id: "northgate-kba",
        consumer: partnerConsumer(who),
      });
      expect(created.status).toBe(201);
      expect(new URL(created.body.link).origin).toBe("https://kba.localhost");
      const again = await partnerPost(production.url, partner, `/api/partners/claims/${created.body.claim_request_id}/link`, {});
      expect(new URL(again.body.link).origin).toBe("https://kba.localhost");
    } finally {
      await production.stop();
    }
  });
});
