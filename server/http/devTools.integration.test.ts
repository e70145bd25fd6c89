/**
 * DNS rebinding against the dev tools: a page on attacker.example whose name is made to resolve to 127.0.0.1 is
 * opened in the developer's own browser, so its requests reach a loopback-only server over loopback. They still
 * say `Host: attacker.example`, and every dev tool must treat them as coming from elsewhere: the sandbox mailbox
 * (reset links), the sandbox CRM's record, /preview, ?brand=, the sandbox partner and the sandbox CRM-events secret.
 * Each attack is paired with the same request under a loopback Host, which the dev tools do answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPartnerNonce, partnerSignature } from "../affiliates/partnerAuth";
import { SANDBOX_PARTNER, signAffiliateToken } from "../auth/affiliateLinks";
import { SANDBOX_CRM_EVENTS_SECRET, TIMESTAMP_HEADER, signEvent } from "../crm/eventSignature";
import { SIGNATURE_HEADER } from "../providers/crm/signature";
import {
  PEOPLE,
  Visitor,
  createSignedClaim,
  partnerConsumer,
  requestWithHost,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";

let server: TestServer;
let attacker: string;
let local: string;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { affiliate: 1000 } });
  attacker = `attacker.example:${server.port}`;
  local = `localhost:${server.port}`;
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, host: string) => requestWithHost(server.url, { path, host });
const post = (path: string, host: string, body: string, headers: Record<string, string> = {}) =>
  requestWithHost(server.url, { path, host, method: "POST", body, headers: { "content-type": "application/json", ...headers } });

function partnerHeaders(path: string, body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = newPartnerNonce();
  return {
    "x-partner-id": SANDBOX_PARTNER.id,
    "x-partner-timestamp": timestamp,
    "x-partner-nonce": nonce,
    "x-partner-signature": partnerSignature(SANDBOX_PARTNER.secret, { timestamp, nonce, method: "POST", path, body }),
  };
}

function crmEventHeaders(body: string): Record<string, string> {
  const { timestamp, signature } = signEvent(body, SANDBOX_CRM_EVENTS_SECRET);
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signature };
}

const bootBrand = (html: string) => JSON.parse(/id="boot">(.*?)<\/script>/s.exec(html)![1]).brand.brandId as string;

describe("dev tools behind DNS rebinding (a loopback connection naming another host)", () => {
  it("the sandbox mailbox, which holds reset links, does not exist for Host: attacker.example", async () => {
    const email = `rebind.${Date.now()}@example.com`;
    await new Visitor(server.url).post("/api/auth/password-reset/request", { email });
    const path = `/api/dev/mail?to=${encodeURIComponent(email)}`;
    expect((await get(path, local)).status).toBe(200);
    const stolen = await get(path, attacker);
    expect(stolen.status).toBe(404);
    expect(stolen.text).not.toContain("mails");
    // Only a loopback name counts: a name that merely contains one does not.
    expect((await get(path, `localhost.attacker.example:${server.port}`)).status).toBe(404);
    expect((await get(path, `127.0.0.1:${server.port}`)).status).toBe(200);
    expect((await get(path, `[::1]:${server.port}`)).status).toBe(200);
    expect((await get(path, `apply-today.localhost:${server.port}`)).status).toBe(200);
  });

  it("the sandbox CRM's record, /preview and ?brand= answer only a loopback Host", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, withSurname(PEOPLE.amelia, "Rebindcrm"));
    const crm = `/api/dev/crm?claim_request_id=${id}`;
    expect((await get(crm, local)).status).toBe(200);
    expect((await get(crm, attacker)).status).toBe(404);

    expect((await get("/preview", local)).status).toBe(200);
    const preview = await get("/preview", attacker);
    expect(preview.status).toBe(404);

    expect(bootBrand((await get("/?brand=northgate-kba", local)).text)).toBe("northgate-kba");
    expect(bootBrand((await get("/?brand=northgate-kba", attacker)).text)).toBe("fairdrive");
  });

  it("the sandbox partner (its secret is public) cannot create a claim or open a link for Host: attacker.example", async () => {
    const path = "/api/partners/claims";
    const body = JSON.stringify({ consumer: partnerConsumer(withSurname(PEOPLE.rajesh, "Rebindpartner")), credit_search: false });
    const refused = await post(path, attacker, body, partnerHeaders(path, body));
    expect(refused.status).toBe(401);
    const created = await post(path, local, body, partnerHeaders(path, body));
    expect(created.status).toBe(201);
    const claimId = JSON.parse(created.text).claim_request_id as string;

    // A link the attacker signs with the public secret, for the sandbox partner's claim, opens nothing.
    const enter = (host: string) =>
      post("/api/affiliate/enter", host, JSON.stringify({ token: signAffiliateToken(SANDBOX_PARTNER, claimId).token }));
    const forged = await enter(attacker);
    expect(JSON.parse(forged.text)).toEqual({ ok: false, redirect: "/login?status=link_invalid" });
    expect(forged.headers["set-cookie"]).toBeUndefined();
    const opened = await enter(local);
    expect(JSON.parse(opened.text).ok).toBe(true);
  });

  it("CRM events signed with the sandbox secret are not heard for Host: attacker.example", async () => {
    // A signed body that is not an event: the route answers 400 when it hears it at all.
    const body = JSON.stringify({ not: "an event" });
    expect((await post("/api/crm/events", local, body, crmEventHeaders(body))).status).toBe(400);
    const refused = await post("/api/crm/events", attacker, body, crmEventHeaders(body));
    expect(refused.status).toBe(404);
  });
});
