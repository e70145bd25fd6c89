/**
 * Attacks through the partner API, each written as the attack:
 *  - replay: a captured signed request sent again within its 5-minute window made a second claim request and a
 *    second bureau search. Requests carry a signed nonce, remembered in the database for the window.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AffiliatePartner } from "../auth/affiliateLinks";
import { PEOPLE, partnerConsumer, partnerHeaders, partnerPost, startTestServer, withSurname, type TestServer } from "../testing/harness";

const ACME: AffiliatePartner = { id: "acme", secret: "an-acme-secret-that-is-at-least-32-characters" };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { AFFILIATE_PARTNERS: `acme:${ACME.secret}` } });
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
