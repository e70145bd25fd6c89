/**
 * The affiliate way in (the fixture funnel t1a) and its guard: the partner API (HMAC-signed) creates
 * a claim request and its signed, expiring, single-use link (the command-line
 * tool runs the same code); the link lands on a page that continues by POST;
 * the user it signs in; and every branch of the guard on the page request
 * (302) and on GET /api/access.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAffiliateLinkCommand } from "../commands/affiliateLink";
import { SANDBOX_PARTNER, signAffiliateToken, type AffiliatePartner } from "../auth/affiliateLinks";
import { DataKeyring } from "../crypto/dataEncryption";
import { loadDefinitions } from "../definitions";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";
import { loadCatalogue } from "../lenders/catalogue";
import { CatalogueIndex } from "../lenders/catalogueIndex";
import {
  PEOPLE,
  Visitor,
  confirmEmail,
  createSignedClaim,
  partnerConsumer,
  partnerPost,
  startTestServer,
  withSurname,
  type TestPerson,
  type TestServer,
  setUpAccount,
} from "../testing/harness";

const ACME: AffiliatePartner = { id: "acme", secret: "an-acme-secret-that-is-at-least-32-characters" };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { AFFILIATE_PARTNERS: `acme:${ACME.secret}` },
    rateLimits: { addressSearch: 1000, creditCheck: 1000, login: 1000, affiliate: 1000 },
  });
});
afterAll(async () => {
  await server?.stop();
});

const LANDING = "/claim/t1a/lenders";
const PASSWORD = "correct horse battery";
const INVALID = "/login?status=link_invalid";

/** A claim request a partner hands over through the partner API: details given, not signed, no account. */
async function partnerClaim(person: TestPerson, partner: AffiliatePartner = SANDBOX_PARTNER, extra: Record<string, unknown> = {}) {
  const created = await partnerPost(server.url, partner, "/api/partners/claims", {
    consumer: partnerConsumer(person),
    credit_search: false,
    ...extra,
  });
  expect(created.status).toBe(201);
  return created.body as { claim_request_id: string; claim_reference: string; link: string; expires_at: string };
}
async function unsignedClaim(person: TestPerson, partner: AffiliatePartner = SANDBOX_PARTNER): Promise<string> {
  return (await partnerClaim(person, partner)).claim_request_id;
}

const linkPath = (claimId: string, options: Parameters<typeof signAffiliateToken>[2] = {}, partner = SANDBOX_PARTNER) =>
  `/api/affiliate/enter?token=${encodeURIComponent(signAffiliateToken(partner, claimId, options).token)}`;

/** Opens a link as a browser does: the GET lands on the continue page (spending nothing), Continue POSTs the token. */
async function enter(visitor: Visitor, path: string) {
  const landed = await visitor.raw(path);
  const location = landed.headers.get("location") ?? path;
  const page = new URL(location, server.url);
  expect(page.pathname).toBe("/affiliate/continue");
  const posted = await visitor.post("/api/affiliate/enter", { token: page.searchParams.get("token") ?? "" });
  return posted.body.redirect as string;
}

async function metadataOf(email: string) {
  const { rows } = await server.db.query<{ metadata: Record<string, unknown> }>("SELECT metadata FROM users WHERE email = $1", [email]);
  return rows[0]?.metadata;
}

describe("the partner API", () => {
  it("creates a claim request recorded as the partner's, runs the credit search and returns the continue-page link", async () => {
    const person = withSurname(PEOPLE.amelia, "Partnered", "amelia.partnered@example.co.uk");
    const created = await partnerPost(server.url, ACME, "/api/partners/claims", { consumer: partnerConsumer(person) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      claim_request_id: expect.any(String),
      claim_reference: expect.stringMatching(/^[A-Z]+-/),
      credit_search: { status: "success" },
    });
    expect(created.body.credit_search.agreements_found).toBeGreaterThan(0);
    expect(created.body.link.startsWith(`${server.url}/affiliate/continue?token=`)).toBe(true);
    const { rows } = await server.db.query<{ affiliate_partner: string; funnel_version: string; user_id: string | null }>(
      "SELECT affiliate_partner, funnel_version, user_id FROM claim_requests WHERE id = $1",
      [created.body.claim_request_id],
    );
    expect(rows[0]).toEqual({ affiliate_partner: "acme", funnel_version: "t1a", user_id: null });
  });

  it("refuses requests not signed by a known partner, replays outside the window and bad bodies", async () => {
    const body = { consumer: partnerConsumer(PEOPLE.rajesh), credit_search: false };
    expect((await partnerPost(server.url, { id: "acme", secret: "w".repeat(40) }, "/api/partners/claims", body)).status).toBe(401);
    expect((await partnerPost(server.url, { id: "nobody", secret: ACME.secret }, "/api/partners/claims", body)).status).toBe(401);
    const stale = await partnerPost(server.url, ACME, "/api/partners/claims", body, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.status).toBe(401);
    const unsigned = await new Visitor(server.url).post("/api/partners/claims", body);
    expect(unsigned.status).toBe(401);
    const bad = await partnerPost(server.url, ACME, "/api/partners/claims", {
      consumer: { ...partnerConsumer(PEOPLE.rajesh), email: "not-an-email" },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: expect.stringMatching(/email/) } });
  });

  it("issues fresh links only for the partner's own claim requests", async () => {
    const mine = await unsignedClaim(withSurname(PEOPLE.siobhan, "Mine", "siobhan.mine@example.org"), ACME);
    expect((await partnerPost(server.url, ACME, `/api/partners/claims/${mine}/link`, {})).status).toBe(200);
    expect((await partnerPost(server.url, SANDBOX_PARTNER, `/api/partners/claims/${mine}/link`, {})).status).toBe(404);
    const publicClaim = await createSignedClaim(new Visitor(server.url), withSurname(PEOPLE.rajesh, "Public", "rajesh.public@example.com"));
    expect((await partnerPost(server.url, ACME, `/api/partners/claims/${publicClaim.id}/link`, {})).status).toBe(404);
  });
});

describe("affiliate links", () => {
  it("a good link signs a new user in, scoped to that claim, with affiliate_token and claim_request_id, and lands on lender selection", async () => {
    const person = withSurname(PEOPLE.amelia, "Affiliate", "amelia.affiliate@example.co.uk");
    const { link, claim_request_id: claimId } = await partnerClaim(person);
    const visitor = new Visitor(server.url);
    // Opening the link (a mail scanner would) spends nothing.
    expect((await new Visitor(server.url).raw(link.slice(server.url.length))).status).toBe(200);
    expect(await enter(visitor, link.slice(server.url.length))).toBe(LANDING);
    expect(visitor.cookies.get("session")).toBeTruthy();
    expect((await visitor.get("/api/me")).body.user).toMatchObject({ email: person.email, passwordSet: false });
    expect(await metadataOf(person.email)).toMatchObject({
      affiliate_token: expect.any(String),
      claim_request_id: claimId,
      is_new_user: true,
      password_set: false,
    });
    const { rows } = await server.db.query("SELECT claim_request_id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1", [
      person.email,
    ]);
    expect(rows).toEqual([{ claim_request_id: claimId }]);

    const page = await visitor.raw(LANDING);
    expect(page.status).toBe(200);
    const access = await visitor.get("/api/access?version=t1a&step=lenders");
    expect(access.body).toMatchObject({
      ok: true,
      data: {
        claim_request_id: claimId,
        personalDetails: { firstName: "Amelia", lastName: "Affiliate" },
        contactDetails: { email: person.email },
      },
    });
    expect(access.body.data).not.toHaveProperty("signature");
    // No password yet: nobody can sign in with one.
    expect((await new Visitor(server.url).post("/api/auth/login", { email: person.email, password: "none" })).status).toBe(401);
  });

  it("refuses a reused link, an expired one, a tampered one and an unknown partner's, signing nobody in", async () => {
    const claimId = await unsignedClaim(withSurname(PEOPLE.rajesh, "Reuse", "rajesh.reuse@example.com"));
    const path = linkPath(claimId);
    expect(await enter(new Visitor(server.url), path)).toBe(LANDING);
    const again = new Visitor(server.url);
    expect(await enter(again, path)).toBe(INVALID);
    expect(again.cookies.has("session")).toBe(false);

    const expired = linkPath(claimId, { now: Date.now() - 2 * 60 * 60 * 1000, minutes: 60 });
    const late = new Visitor(server.url);
    expect(await enter(late, expired)).toBe(INVALID);
    expect(late.cookies.has("session")).toBe(false);

    const good = signAffiliateToken(SANDBOX_PARTNER, claimId).token;
    const [body, sig] = good.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    const otherClaim = await unsignedClaim(withSurname(PEOPLE.siobhan, "Victim", "siobhan.victim@example.org"));
    const tampered = `${Buffer.from(JSON.stringify({ ...payload, c: otherClaim })).toString("base64url")}.${sig}`;
    expect(await enter(new Visitor(server.url), `/api/affiliate/enter?token=${tampered}`)).toBe(INVALID);
    const stranger = linkPath(otherClaim, {}, { id: "nobody", secret: "x".repeat(40) });
    expect(await enter(new Visitor(server.url), stranger)).toBe(INVALID);
    expect(await enter(new Visitor(server.url), "/api/affiliate/enter?token=garbage")).toBe(INVALID);
    expect(await metadataOf("siobhan.victim@example.org")).toBeUndefined();
  });

  it("the command-line tool runs the partner API's code: links only for the partner's own claim requests", async () => {
    const deps = {
      db: server.db,
      brands: [],
      funnels: [],
      credit: new Map(),
      identity: new Map(),
      dataKeyring: DataKeyring.development(),
      creditTimeoutMs: 1000,
      logger: pino({ level: "silent" }),
      lenderCatalogue: new CatalogueIndex(loadCatalogue(path.join(FIXTURE_DEFINITIONS_DIR, "lenders", "catalogue.json"))),
    };
    const env = { AFFILIATE_PARTNERS: `acme:${ACME.secret}` };
    const person = withSurname(PEOPLE.siobhan, "Acme", "siobhan.acme@example.org");
    const claimId = await unsignedClaim(person, ACME);
    const issued = await runAffiliateLinkCommand(
      ["--partner", "acme", "--claim-request", claimId, "--minutes", "30", "--origin", server.url],
      env,
      deps,
    );
    expect(issued.link.startsWith(`${server.url}/affiliate/continue?token=`)).toBe(true);
    expect(await enter(new Visitor(server.url), issued.link.slice(server.url.length))).toBe(LANDING);
    await expect(runAffiliateLinkCommand(["--partner", "sandbox", "--claim-request", claimId], env, deps)).rejects.toThrow(
      /No claim request of this partner/,
    );
    await expect(
      runAffiliateLinkCommand(["--partner", "sandbox", "--claim-request", claimId], { NODE_ENV: "production" }, deps),
    ).rejects.toThrow(/no partner 'sandbox'/);
    await expect(runAffiliateLinkCommand(["--partner", "acme", "--claim-request", "not-a-uuid"], env, deps)).rejects.toThrow(
      /must be a claim request id/,
    );

    // --consumer creates the claim request as POST /api/partners/claims does.
    const file = path.join(mkdtempSync(path.join(tmpdir(), "consumer-")), "consumer.json");
    writeFileSync(file, JSON.stringify(partnerConsumer(withSurname(PEOPLE.rajesh, "Commandline", "rajesh.cli@example.com"))));
    const { brands, funnels } = await loadDefinitions(FIXTURE_DEFINITIONS_DIR);
    const created = await runAffiliateLinkCommand(
      ["--partner", "acme", "--consumer", file, "--no-credit-search", "--origin", server.url],
      env,
      {
        ...deps,
        brands,
        funnels,
      },
    );
    const { rows } = await server.db.query("SELECT affiliate_partner, email FROM claim_requests WHERE id = $1", [created.claim_request_id]);
    expect(rows[0]).toEqual({ affiliate_partner: "acme", email: "rajesh.cli@example.com" });
    expect(await enter(new Visitor(server.url), created.link.slice(server.url.length))).toBe(LANDING);

    const prod = await startTestServer({ nodeEnv: "production" });
    try {
      const res = await new Visitor(prod.url).post("/api/affiliate/enter", { token: signAffiliateToken(SANDBOX_PARTNER, claimId).token });
      expect(res.body.redirect).toBe(INVALID);
    } finally {
      await prod.stop();
    }
  });

  it("never signs in to an existing account: its owner signs in (verified email) and the claim joins then", async () => {
    const person = withSurname(PEOPLE.amelia, "Existing", "amelia.existing@example.co.uk");
    const owner = new Visitor(server.url);
    const first = await createSignedClaim(owner, person);
    expect((await setUpAccount(owner, first.id, PASSWORD)).status).toBe(201);
    await confirmEmail(server.url, person.email, PASSWORD);

    const claimId = await unsignedClaim(person);
    const browser = new Visitor(server.url);
    expect(await enter(browser, linkPath(claimId))).toBe(`/login?redirect=${encodeURIComponent(LANDING)}&status=existing_user`);
    expect(browser.cookies.has("session")).toBe(false);
    const login = await browser.post("/api/auth/login", { email: person.email, password: PASSWORD, redirect: LANDING });
    expect(login.body).toMatchObject({ redirect: LANDING, attachedClaimRequests: 1 });
    expect(await metadataOf(person.email)).toMatchObject({ claim_request_id: claimId, affiliate_token: expect.any(String) });
    expect((await browser.get("/api/access?version=t1a&step=lenders")).body).toMatchObject({
      ok: true,
      data: { claim_request_id: claimId },
    });
    // On Complete, the page learns there is nothing to set (not stuck on a password form).
    expect((await browser.get("/api/me")).body.user.passwordSet).toBe(true);
  });
});

describe("the affiliate funnel's guard (definition access), page request and API agree", () => {
  async function decide(visitor: Visitor, step = "lenders") {
    const page = await visitor.raw(`/claim/t1a/${step}`);
    const api = await visitor.get(`/api/access?version=t1a&step=${step}`);
    return { page: page.status === 302 ? page.headers.get("location") : page.status, api: api.body.ok ? 200 : api.body.redirect };
  }

  it("not signed in → /claim", async () => {
    expect(await decide(new Visitor(server.url))).toEqual({ page: "/claim", api: "/claim" });
  });

  it("signed in without affiliate_token or claim_request_id → /claim", async () => {
    const visitor = new Visitor(server.url);
    const person = withSurname(PEOPLE.rajesh, "Plain", "rajesh.plain@example.com");
    const claim = await createSignedClaim(visitor, person);
    await setUpAccount(visitor, claim.id, PASSWORD);
    // Account setup records claim_request_id but no affiliate_token.
    expect(await decide(visitor)).toEqual({ page: "/claim", api: "/claim" });
    await server.db.query(
      "UPDATE users SET metadata = (metadata || '{\"affiliate_token\":\"t\"}'::jsonb) - 'claim_request_id' WHERE email = $1",
      [person.email],
    );
    expect(await decide(visitor)).toEqual({ page: "/claim", api: "/claim" });
  });

  it("a claim it cannot read (someone else's, or gone) → /claim", async () => {
    const person = withSurname(PEOPLE.siobhan, "Unreadable", "siobhan.unreadable@example.org");
    const visitor = new Visitor(server.url);
    await enter(visitor, linkPath(await unsignedClaim(person)));
    const othersClaim = await unsignedClaim(withSurname(PEOPLE.amelia, "Other", "amelia.other@example.co.uk"));
    // The link's session is scoped to its claim; an unscoped one of the same account still cannot read another's.
    await server.db.query("UPDATE sessions SET claim_request_id = NULL");
    await server.db.query("UPDATE users SET metadata = metadata || jsonb_build_object('claim_request_id', $2::text) WHERE email = $1", [
      person.email,
      othersClaim,
    ]);
    expect(await decide(visitor)).toEqual({ page: "/claim", api: "/claim" });
    await server.db.query('UPDATE users SET metadata = metadata || \'{"claim_request_id":"not-a-uuid"}\'::jsonb WHERE email = $1', [
      person.email,
    ]);
    expect(await decide(visitor)).toEqual({ page: "/claim", api: "/claim" });
  });

  it("a claim that already has a signature → /portal (except on account, the step after signing)", async () => {
    const person = withSurname(PEOPLE.rajesh, "Signed", "rajesh.signed@example.com");
    const claimId = await unsignedClaim(person);
    const visitor = new Visitor(server.url);
    await enter(visitor, linkPath(claimId));
    expect(await decide(visitor)).toEqual({ page: 200, api: 200 });
    const signed = await visitor.post("/api/claim-requests", {
      version: "t1a",
      step: "signature",
      claim_request_id: claimId,
      data: { signature: `typed:Rajesh Signed` },
    });
    expect(signed.status).toBe(200);
    expect(await decide(visitor)).toEqual({ page: "/portal", api: "/portal" });
    expect(await decide(visitor, "signature")).toEqual({ page: "/portal", api: "/portal" });
    expect(await decide(visitor, "account")).toEqual({ page: 200, api: 200 });
  });

  it("Complete: the affiliate user sets a password once, which clears the new-user flag", async () => {
    const person = withSurname(PEOPLE.amelia, "Complete", "amelia.complete@example.co.uk");
    const visitor = new Visitor(server.url);
    await enter(visitor, linkPath(await unsignedClaim(person)));
    expect(await visitor.post("/api/account/password", { password: "short" })).toMatchObject({
      status: 400,
      body: { error: "Password must be at least 8 characters" },
    });
    expect(await visitor.post("/api/account/password", { password: "password123" })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/most commonly used passwords/) },
    });
    expect(await visitor.post("/api/account/password", { password: PASSWORD })).toMatchObject({
      status: 200,
      body: { ok: true, redirect: "/portal" },
    });
    expect(await metadataOf(person.email)).toMatchObject({ password_set: true, is_new_user: false });
    expect((await visitor.post("/api/account/password", { password: "another password" })).status).toBe(409);
    // Another device needs the email verified first (a link was mailed); this browser stays signed in.
    expect((await new Visitor(server.url).post("/api/auth/login", { email: person.email, password: PASSWORD })).status).toBe(403);
    expect((await visitor.get("/api/me")).status).toBe(200);
    await confirmEmail(server.url, person.email, PASSWORD);
    expect((await new Visitor(server.url).post("/api/auth/login", { email: person.email, password: PASSWORD })).status).toBe(200);
    expect((await new Visitor(server.url).post("/api/account/password", { password: PASSWORD })).status).toBe(401);
  });
});
