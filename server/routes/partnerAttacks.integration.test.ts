/**
 * Attacks through the partner API, each written as the attack:
 *  - replay: a captured signed request sent again within its 5-minute window made a second claim request and a
 *    second bureau search. Requests carry a signed nonce, remembered in the database for the window.
 *  - skipping the brand's identity check: a partner created a claim on a KBA (or affiliate identity) brand and ran
 *    the credit search with no KBA; whoever opened the link read the agreements. No search runs until the consumer
 *    passes the brand's step, and a partner creates claims only for the brands it is configured for.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PARTNER, type AffiliatePartner } from "../auth/affiliateLinks";
import {
  PEOPLE,
  Visitor,
  kbaAnswers,
  partnerConsumer,
  partnerHeaders,
  partnerPost,
  startTestServer,
  withSurname,
  type TestPerson,
  type TestServer,
} from "../testing/harness";

/** Configured without brands: the default brand only. */
const ACME: AffiliatePartner = { id: "acme", secret: "an-acme-secret-that-is-at-least-32-characters" };
/** Configured for the KBA brand only. */
const KBA_PARTNER: AffiliatePartner = { id: "kbapartner", secret: "a-kba-partner-secret-of-at-least-32-characters" };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { AFFILIATE_PARTNERS: `acme:${ACME.secret},kbapartner@northgate-kba:${KBA_PARTNER.secret}` },
    rateLimits: { affiliate: 1000 },
  });
});
afterAll(async () => {
  await server?.stop();
});

const claimsFor = async (email: string) =>
  (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM claim_requests WHERE email = $1", [email])).rows[0].n;
const searchesFor = async (email: string) =>
  (
    await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM credit_checks c JOIN claim_requests r ON r.id = c.claim_request_id WHERE r.email = $1",
      [email],
    )
  ).rows[0].n;

describe("a signed partner request cannot be replayed", { timeout: 60_000 }, () => {
  it("the same request sent twice within its window makes one claim request and one search", async () => {
    const who = withSurname(PEOPLE.amelia, "Replayed", "replayed.consumer@example.com");
    const path = "/api/partners/claims";
    const body = JSON.stringify({ consumer: partnerConsumer(who) });
    const headers = await partnerHeaders(ACME, { path, body });
    const send = () => fetch(server.url + path, { method: "POST", headers, body });

    expect((await send()).status).toBe(201);
    const replay = await send();
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: "The request is not signed by a known partner" });
    expect(await claimsFor(who.email)).toBe(1);
    expect(await searchesFor(who.email)).toBe(1);

    // Replays sent at once: still only one gets through.
    const parallelHeaders = await partnerHeaders(ACME, { path, body });
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => fetch(server.url + path, { method: "POST", headers: parallelHeaders, body }).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([201, 401, 401, 401, 401]);
    expect(await claimsFor(who.email)).toBe(2);
  });

  it("the nonce is part of what is signed: a new nonce on a captured signature, or none, is refused", async () => {
    const who = withSurname(PEOPLE.amelia, "Nononce", "no.nonce@example.com");
    const path = "/api/partners/claims";
    const body = JSON.stringify({ consumer: partnerConsumer(who), credit_search: false });
    const headers = await partnerHeaders(ACME, { path, body });
    const swapped = { ...headers, "x-partner-nonce": "a-nonce-the-attacker-made-up" };
    expect((await fetch(server.url + path, { method: "POST", headers: swapped, body })).status).toBe(401);
    const { "x-partner-nonce": _omitted, ...without } = headers;
    expect((await fetch(server.url + path, { method: "POST", headers: without, body })).status).toBe(401);
    expect(await claimsFor(who.email)).toBe(0);
  });

  it("remembers nonces only for the window: expired ones are swept", async () => {
    await server.db.query(
      "INSERT INTO partner_request_nonces (partner_id, nonce, expires_at) VALUES ('acme', 'an-old-nonce-long-expired', now() - interval '1 minute')",
    );
    const who = withSurname(PEOPLE.amelia, "Sweep", "sweep.consumer@example.com");
    expect(
      (await partnerPost(server.url, ACME, "/api/partners/claims", { consumer: partnerConsumer(who), credit_search: false })).status,
    ).toBe(201);
    const { rows } = await server.db.query("SELECT nonce FROM partner_request_nonces WHERE expires_at < now()");
    expect(rows).toEqual([]);
  });
});

/** Opens the partner's link as the consumer does (the continue page's button); the browser then holds the link's session. */
async function openLink(link: string): Promise<Visitor> {
  const consumer = new Visitor(server.url);
  const token = new URL(link).searchParams.get("token");
  expect((await consumer.post("/api/affiliate/enter", { token })).body.ok).toBe(true);
  return consumer;
}

describe("a partner cannot skip the brand's identity check", { timeout: 60_000 }, () => {
  it("on a KBA brand no search runs at creation; the consumer's KBA pass lets it run", async () => {
    const who: TestPerson = withSurname(PEOPLE.rajesh, "Partnerkba", "partner.kba@example.com");
    const created = await partnerPost(server.url, SANDBOX_PARTNER, "/api/partners/claims", {
      brand_id: "northgate-kba",
      consumer: partnerConsumer(who),
    });
    expect(created.status).toBe(201);
    expect(created.body.credit_search).toEqual({ status: "identity-required", agreements_found: 0 });
    expect(await searchesFor(who.email)).toBe(0);

    // Whoever opens the link finds no agreements, and cannot search without the KBA step.
    const consumer = await openLink(created.body.link);
    const id = created.body.claim_request_id as string;
    expect((await consumer.get(`/api/claim-requests/${id}`)).body.claims).toEqual([]);
    expect((await consumer.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(403);
    expect(await searchesFor(who.email)).toBe(0);

    const answers = await kbaAnswers(consumer, id, who);
    expect((await consumer.post("/api/kba/answers", { claim_request_id: id, answers: answers(true) })).body).toEqual({ status: "success" });
    expect((await consumer.post("/api/credit-check/run", { claim_request_id: id })).body.status).toBe("success");
    expect(await searchesFor(who.email)).toBe(1);
  });

  it("on an affiliate identity brand no search runs at creation either", async () => {
    const who = withSurname(PEOPLE.amelia, "Partnerverify", "partner.verify@example.com");
    const created = await partnerPost(server.url, SANDBOX_PARTNER, "/api/partners/claims", {
      brand_id: "quickcheck-affiliate",
      consumer: partnerConsumer(who),
    });
    expect(created.body.credit_search).toEqual({ status: "identity-required", agreements_found: 0 });
    expect(await searchesFor(who.email)).toBe(0);
  });

  it("a brand without an identity step still gets the partner's search", async () => {
    const who = withSurname(PEOPLE.amelia, "Partnerplain", "partner.plain@example.com");
    const created = await partnerPost(server.url, ACME, "/api/partners/claims", { consumer: partnerConsumer(who) });
    expect(created.body.credit_search).toMatchObject({ status: "success" });
    expect(await searchesFor(who.email)).toBe(1);
  });
});

describe("a partner creates claims only for its own brands", { timeout: 60_000 }, () => {
  it("a partner configured without brands has the default brand only; one with brands has those only", async () => {
    const who = withSurname(PEOPLE.amelia, "Otherbrand", "other.brand@example.com");
    const onKba = await partnerPost(server.url, ACME, "/api/partners/claims", {
      brand_id: "northgate-kba",
      consumer: partnerConsumer(who),
      credit_search: false,
    });
    expect(onKba).toMatchObject({ status: 403, body: { error: "This partner may not create claims for brand 'northgate-kba'" } });
    const onDefault = await partnerPost(server.url, KBA_PARTNER, "/api/partners/claims", {
      consumer: partnerConsumer(who),
      credit_search: false,
    });
    expect(onDefault.status).toBe(403);
    expect(await claimsFor(who.email)).toBe(0);

    const own = await partnerPost(server.url, KBA_PARTNER, "/api/partners/claims", {
      brand_id: "northgate-kba",
      consumer: partnerConsumer(who),
      credit_search: false,
    });
    expect(own.status).toBe(201);
    expect(await claimsFor(who.email)).toBe(1);
  });

  it("a partner configured for a brand that does not exist stops the start", async () => {
    await expect(startTestServer({ env: { AFFILIATE_PARTNERS: `typo@northgate-kbaa:${KBA_PARTNER.secret}` } })).rejects.toThrow(
      "AFFILIATE_PARTNERS: partner typo names no brand with the id northgate-kbaa",
    );
  });
});
