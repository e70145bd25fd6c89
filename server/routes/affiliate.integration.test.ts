/**
 * The v4 affiliate way in and its guard: signed, expiring, single-use links
 * (issued by tools/affiliate-link.ts), the user they sign in, and every
 * branch of the guard on the page request (302) and on GET /api/access.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueLink } from "../../tools/affiliate-link";
import { SANDBOX_PARTNER, signAffiliateToken } from "../auth/affiliateLinks";
import { PEOPLE, Visitor, createSignedClaim, formData, startTestServer, withSurname, type TestPerson, type TestServer } from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { AFFILIATE_PARTNERS: "acme:an-acme-secret-that-is-at-least-32-characters" },
  });
});
afterAll(async () => {
  await server?.stop();
});

const LANDING = "/claim/v4/lender-selection";
const PASSWORD = "correct horse battery";

/** A claim request as a partner would hand over: details given, not signed, no account. */
async function unsignedClaim(person: TestPerson): Promise<string> {
  const partner = new Visitor(server.url);
  const created = await partner.post("/api/claim-requests", { version: "v3b", step: "personal-details", data: formData(person) });
  expect(created.status).toBe(201);
  return created.body.id;
}

const linkPath = (claimId: string, options: Parameters<typeof signAffiliateToken>[2] = {}, partner = SANDBOX_PARTNER) =>
  `/api/affiliate/enter?token=${encodeURIComponent(signAffiliateToken(partner, claimId, options).token)}`;

async function enter(visitor: Visitor, path: string) {
  const res = await visitor.raw(path);
  return { status: res.status, location: res.headers.get("location") };
}

async function metadataOf(email: string) {
  const { rows } = await server.db.query<{ metadata: Record<string, unknown> }>("SELECT metadata FROM users WHERE email = $1", [email]);
  return rows[0]?.metadata;
}

describe("affiliate links", () => {
  it("a good link signs a new user in with affiliate_token and claim_request_id, and lands on lender selection", async () => {
    const person = withSurname(PEOPLE.amelia, "Affiliate", "amelia.affiliate@example.co.uk");
    const claimId = await unsignedClaim(person);
    const visitor = new Visitor(server.url);
    expect(await enter(visitor, linkPath(claimId))).toEqual({ status: 302, location: LANDING });
    const cookie = visitor.cookies.get("session");
    expect(cookie).toBeTruthy();
    expect((await visitor.get("/api/me")).body.user.email).toBe(person.email);
    expect(await metadataOf(person.email)).toMatchObject({ affiliate_token: expect.any(String), claim_request_id: claimId, is_new_user: true, password_set: false });

    const page = await visitor.raw(LANDING);
    expect(page.status).toBe(200);
    const access = await visitor.get("/api/access?version=v4&step=lender-selection");
    expect(access.body).toMatchObject({
      ok: true,
      data: { claim_request_id: claimId, personalDetails: { firstName: "Amelia", lastName: "Affiliate" }, contactDetails: { email: person.email } },
    });
    expect(access.body.data).not.toHaveProperty("signature");
    // No password yet: nobody can sign in with one.
    expect((await new Visitor(server.url).post("/api/auth/login", { email: person.email, password: "none" })).status).toBe(401);
  });

  it("refuses a reused link, an expired one, a tampered one and an unknown partner's, signing nobody in", async () => {
    const claimId = await unsignedClaim(withSurname(PEOPLE.rajesh, "Reuse", "rajesh.reuse@example.com"));
    const path = linkPath(claimId);
    expect((await enter(new Visitor(server.url), path)).location).toBe(LANDING);
    const again = new Visitor(server.url);
    expect(await enter(again, path)).toEqual({ status: 302, location: "/login?status=link_invalid" });
    expect(again.cookies.has("session")).toBe(false);

    const expired = linkPath(claimId, { now: Date.now() - 2 * 60 * 60 * 1000, minutes: 60 });
    const late = new Visitor(server.url);
    expect(await enter(late, expired)).toEqual({ status: 302, location: "/login?status=link_invalid" });
    expect(late.cookies.has("session")).toBe(false);

    const good = signAffiliateToken(SANDBOX_PARTNER, claimId).token;
    const [body, sig] = good.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    const otherClaim = await unsignedClaim(withSurname(PEOPLE.siobhan, "Victim", "siobhan.victim@example.org"));
    const tampered = `${Buffer.from(JSON.stringify({ ...payload, c: otherClaim })).toString("base64url")}.${sig}`;
    expect((await enter(new Visitor(server.url), `/api/affiliate/enter?token=${tampered}`)).location).toBe("/login?status=link_invalid");
    const stranger = linkPath(otherClaim, {}, { id: "nobody", secret: "x".repeat(40) });
    expect((await enter(new Visitor(server.url), stranger)).location).toBe("/login?status=link_invalid");
    expect((await enter(new Visitor(server.url), "/api/affiliate/enter?token=garbage")).location).toBe("/login?status=link_invalid");
    expect((await enter(new Visitor(server.url), "/api/affiliate/enter")).location).toBe("/login?status=link_invalid");
    expect(await metadataOf("siobhan.victim@example.org")).toBeUndefined();
  });

  it("a configured partner's link from the command works; the sandbox partner is refused in production", async () => {
    const person = withSurname(PEOPLE.siobhan, "Acme", "siobhan.acme@example.org");
    const claimId = await unsignedClaim(person);
    const link = issueLink(["--partner", "acme", "--claim-request", claimId, "--minutes", "30", "--origin", server.url], {
      AFFILIATE_PARTNERS: "acme:an-acme-secret-that-is-at-least-32-characters",
    });
    expect(link.startsWith(`${server.url}/api/affiliate/enter?token=`)).toBe(true);
    expect(await enter(new Visitor(server.url), link.slice(server.url.length))).toEqual({ status: 302, location: LANDING });
    expect(() => issueLink(["--partner", "sandbox", "--claim-request", claimId], { NODE_ENV: "production" })).toThrow(/no partner 'sandbox'/);
    expect(() => issueLink(["--partner", "acme", "--claim-request", "not-a-uuid"], {})).toThrow(/must be a claim request id/);

    const prod = await startTestServer({ nodeEnv: "production" });
    try {
      const res = await new Visitor(prod.url).raw(linkPath("00000000-0000-4000-8000-000000000000"));
      expect(res.headers.get("location")).toBe("/login?status=link_invalid");
    } finally {
      await prod.stop();
    }
  });

  it("never signs in to an account that has a password: its owner signs in and the claim joins then", async () => {
    const person = withSurname(PEOPLE.amelia, "Existing", "amelia.existing@example.co.uk");
    const owner = new Visitor(server.url);
    const first = await createSignedClaim(owner, person);
    expect((await owner.post("/api/account/setup", { claim_request_id: first.id, password: PASSWORD })).status).toBe(201);

    const claimId = await unsignedClaim(person);
    const browser = new Visitor(server.url);
    expect(await enter(browser, linkPath(claimId))).toEqual({
      status: 302,
      location: `/login?redirect=${encodeURIComponent(LANDING)}&status=existing_user`,
    });
    expect(browser.cookies.has("session")).toBe(false);
    const login = await browser.post("/api/auth/login", { email: person.email, password: PASSWORD, redirect: LANDING });
    expect(login.body).toMatchObject({ redirect: LANDING, attachedClaimRequests: 1 });
    expect(await metadataOf(person.email)).toMatchObject({ claim_request_id: claimId, affiliate_token: expect.any(String) });
    expect((await browser.get("/api/access?version=v4&step=lender-selection")).body).toMatchObject({ ok: true, data: { claim_request_id: claimId } });
  });
});

describe("the v4 guard (definition access), page request and API agree", () => {
  async function decide(visitor: Visitor, step = "lender-selection") {
    const page = await visitor.raw(`/claim/v4/${step}`);
    const api = await visitor.get(`/api/access?version=v4&step=${step}`);
    return { page: page.status === 302 ? page.headers.get("location") : page.status, api: api.body.ok ? 200 : api.body.redirect };
  }

  it("not signed in → /claim", async () => {
    expect(await decide(new Visitor(server.url))).toEqual({ page: "/claim", api: "/claim" });
  });

  it("signed in without affiliate_token or claim_request_id → /claim", async () => {
    const visitor = new Visitor(server.url);
    const person = withSurname(PEOPLE.rajesh, "Plain", "rajesh.plain@example.com");
    const claim = await createSignedClaim(visitor, person);
    await visitor.post("/api/account/setup", { claim_request_id: claim.id, password: PASSWORD });
    // Account setup records claim_request_id but no affiliate_token.
    expect(await decide(visitor)).toEqual({ page: "/claim", api: "/claim" });
    await server.db.query("UPDATE users SET metadata = (metadata || '{\"affiliate_token\":\"t\"}'::jsonb) - 'claim_request_id' WHERE email = $1", [person.email]);
    expect(await decide(visitor)).toEqual({ page: "/claim", api: "/claim" });
  });

  it("a claim it cannot read (someone else's, or gone) → /claim", async () => {
    const person = withSurname(PEOPLE.siobhan, "Unreadable", "siobhan.unreadable@example.org");
    const visitor = new Visitor(server.url);
    await enter(visitor, linkPath(await unsignedClaim(person)));
    const othersClaim = await unsignedClaim(withSurname(PEOPLE.amelia, "Other", "amelia.other@example.co.uk"));
    await server.db.query("UPDATE users SET metadata = metadata || jsonb_build_object('claim_request_id', $2::text) WHERE email = $1", [person.email, othersClaim]);
    expect(await decide(visitor)).toEqual({ page: "/claim", api: "/claim" });
    await server.db.query("UPDATE users SET metadata = metadata || '{\"claim_request_id\":\"not-a-uuid\"}'::jsonb WHERE email = $1", [person.email]);
    expect(await decide(visitor)).toEqual({ page: "/claim", api: "/claim" });
  });

  it("a claim that already has a signature → /portal (except on complete, the step after signing)", async () => {
    const person = withSurname(PEOPLE.rajesh, "Signed", "rajesh.signed@example.com");
    const claimId = await unsignedClaim(person);
    const visitor = new Visitor(server.url);
    await enter(visitor, linkPath(claimId));
    expect(await decide(visitor)).toEqual({ page: 200, api: 200 });
    const signed = await visitor.post("/api/claim-requests", {
      version: "v4",
      step: "signature",
      claim_request_id: claimId,
      data: { signature: `typed:Rajesh Signed` },
    });
    expect(signed.status).toBe(200);
    expect(await decide(visitor)).toEqual({ page: "/portal", api: "/portal" });
    expect(await decide(visitor, "signature")).toEqual({ page: "/portal", api: "/portal" });
    expect(await decide(visitor, "complete")).toEqual({ page: 200, api: 200 });
  });

  it("Complete: the affiliate user sets a password once, which clears the new-user flag", async () => {
    const person = withSurname(PEOPLE.amelia, "Complete", "amelia.complete@example.co.uk");
    const visitor = new Visitor(server.url);
    await enter(visitor, linkPath(await unsignedClaim(person)));
    expect(await visitor.post("/api/account/password", { password: "short" })).toMatchObject({ status: 400, body: { error: "Password must be at least 8 characters" } });
    expect(await visitor.post("/api/account/password", { password: PASSWORD })).toMatchObject({ status: 200, body: { ok: true, redirect: "/portal" } });
    expect(await metadataOf(person.email)).toMatchObject({ password_set: true, is_new_user: false });
    expect((await visitor.post("/api/account/password", { password: "another password" })).status).toBe(409);
    expect((await new Visitor(server.url).post("/api/auth/login", { email: person.email, password: PASSWORD })).status).toBe(200);
    expect((await new Visitor(server.url).post("/api/account/password", { password: PASSWORD })).status).toBe(401);
  });
});
