/**
 * A signed partner request replayed to another app instance: two servers on one PostgreSQL database, the nonce
 * remembered by one refuses the replay at the other, and parallel replays to both let exactly one through.
 * Run with TEST_DATABASE_URL (see server/db/postgres.pg-test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AffiliatePartner } from "../auth/affiliateLinks";
import { PEOPLE, partnerConsumer, partnerHeaders, startTestServer, withSurname, type TestServer } from "../testing/harness";
import { scratchDatabase } from "../testing/scratchPostgres";

const scratch = scratchDatabase("claims_partner_nonces");
const ACME: AffiliatePartner = { id: "acme", secret: "an-acme-secret-that-is-at-least-32-characters" };
const env = { AFFILIATE_PARTNERS: `acme:${ACME.secret}` };

let one: TestServer;
let two: TestServer;
beforeAll(async () => {
  await scratch.create();
  one = await startTestServer({ databaseUrl: scratch.url, pgliteDir: undefined, env });
  two = await startTestServer({ databaseUrl: scratch.url, pgliteDir: undefined, env });
});
afterAll(async () => {
  await one?.stop();
  await two?.stop();
  await scratch.drop();
});

const path = "/api/partners/claims";
const send = (server: TestServer, headers: Record<string, string>, body: string) =>
  fetch(server.url + path, { method: "POST", headers, body }).then((r) => r.status);

describe("partner request nonces across instances", () => {
  it("a request taken by one instance is a replay at the other", async () => {
    const body = JSON.stringify({ consumer: partnerConsumer(withSurname(PEOPLE.amelia, "Crossinstance")), credit_search: false });
    const headers = await partnerHeaders(ACME, { path, body });
    expect(await send(one, headers, body)).toBe(201);
    expect(await send(two, headers, body)).toBe(401);
  });

  it("parallel replays to both instances: exactly one gets through", async () => {
    const who = withSurname(PEOPLE.amelia, "Parallelreplay", "parallel.replay@example.com");
    const body = JSON.stringify({ consumer: partnerConsumer(who), credit_search: false });
    const headers = await partnerHeaders(ACME, { path, body });
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 ? one : two, headers, body)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(9);
    const { rows } = await one.db.query<{ n: number }>("SELECT count(*)::int AS n FROM claim_requests WHERE email = $1", [who.email]);
    expect(rows[0].n).toBe(1);
  });
});
