/**
 * Accounts: setup on confirmation (metadata), an existing user's claim joining
 * the account at sign-in, same-site redirects only, password reset (neutral
 * answer, single use, expiry, sessions ended), rate limits, the dev mailbox,
 * and no password or hash in the logs.
 */
import { rmSync } from "node:fs";
import { emailHash } from "../auth/claimEmailProof";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PEOPLE,
  Visitor,
  confirmEmail,
  createSignedClaim,
  fixtureDefinitionsWith,
  formData,
  startTestServer,
  withSurname,
  type TestServer,
  setUpAccount,
} from "../testing/harness";
import { writeFixtureFunnelAs } from "../../test-fixtures/definitions";
import { RESET_TOKEN_MINUTES } from "../auth/passwordReset";
import { loadDefinitions } from "../definitions";
import { fillPlaceholders } from "../../engine/copy";

/** The fixture funnel again as "t1-flagged", which sets accountMetadata flags on the accounts it creates. */
const FLAGGED = "t1-flagged";
function definitionsWithFlaggedFunnel(): string {
  const dir = fixtureDefinitionsWith((brand) => brand);
  writeFixtureFunnelAs(dir, FLAGGED, { accountMetadata: { from_v2_confirmation: true } });
  return dir;
}

let server: TestServer;
let definitionsDir: string;
const RESET_LIMIT = 1000;
/** The answer to every reset request, as the shared content words it. */
let resetRequested: string;
beforeAll(async () => {
  definitionsDir = definitionsWithFlaggedFunnel();
  const { content } = await loadDefinitions(definitionsDir);
  resetRequested = fillPlaceholders(content.site.text.passwordReset.requested, { minutes: String(RESET_TOKEN_MINUTES) });
  server = await startTestServer({
    definitionsDir,
    captureLog: true,
    rateLimits: { addressSearch: 1000, creditCheck: 1000, login: 1000, passwordReset: RESET_LIMIT },
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(definitionsDir, { recursive: true, force: true });
});

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new passphrase";

async function metadataOf(email: string): Promise<Record<string, unknown>> {
  const { rows } = await server.db.query<{ metadata: Record<string, unknown> }>("SELECT metadata FROM users WHERE email = $1", [email]);
  return rows[0].metadata;
}

async function signUp(person = PEOPLE.amelia) {
  const visitor = new Visitor(server.url);
  const claim = await createSignedClaim(visitor, person);
  const setup = await setUpAccount(visitor, claim.id, PASSWORD);
  expect(setup.status).toBe(201);
  await confirmEmail(server.url, person.email, PASSWORD);
  return { visitor, claim };
}

/** The reset mail is sent after the neutral answer; wait for it to arrive in the sandbox mailbox. */
async function latestResetLink(email: string, after = 0): Promise<{ link: string; token: string; id: number }> {
  for (let i = 0; i < 50; i++) {
    const { body } = await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
    const mail = body.mails.find((m: { id: number; text: string }) => m.id > after && m.text.includes("/reset-password?token="));
    if (mail) {
      const link = /(http:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]{43}))/.exec(mail.text);
      if (!link) throw new Error(`no link in ${mail.text}`);
      return { link: link[1], token: link[2], id: mail.id };
    }
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error(`no mail for ${email}`);
}

describe("account setup on confirmation", () => {
  it("signs up with the claim's email, links the claim, and sets password_set in the metadata", async () => {
    const person = withSurname(PEOPLE.siobhan, "Setup");
    const { visitor, claim } = await signUp(person);
    expect(await metadataOf(person.email)).toMatchObject({
      password_set: true,
      is_new_user: false,
      first_login: true,
      from_v2_confirmation: false,
      claim_request_id: claim.id,
    });
    expect((await visitor.get("/api/portal/claims")).body.claimRequests.map((r: { id: string }) => r.id)).toEqual([claim.id]);
  });

  it("an account set up from a funnel with accountMetadata carries its flags (from_v2_confirmation)", async () => {
    const person = withSurname(PEOPLE.siobhan, "Fromtwo");
    const visitor = new Visitor(server.url);
    const created = await visitor.post("/api/claim-requests", { version: FLAGGED, step: "personal-details", data: formData(person) });
    expect(created.status).toBe(201);
    expect((await setUpAccount(visitor, created.body.id, PASSWORD)).status).toBe(201);
    expect(await metadataOf(person.email)).toMatchObject({ from_v2_confirmation: true, claim_request_id: created.body.id });
  });

  it("the portal answer carries no signature image, only whether the claim is signed", async () => {
    const { visitor } = await signUp(withSurname(PEOPLE.siobhan, "Portal"));
    const request = (await visitor.get("/api/portal/claims")).body.claimRequests[0];
    expect(request).not.toHaveProperty("signature");
    expect(request.signed).toBe(true);
  });
});

describe("an existing user's new claim joins the account at sign-in", () => {
  const person = withSurname(PEOPLE.rajesh, "Returning", "rajesh.returning@example.com");

  it("sends an existing email, once its code proves the mailbox, to sign in; then attaches the claim this browser started", async () => {
    const first = await signUp(person);
    const browser = new Visitor(server.url);
    const second = await createSignedClaim(browser, { ...person, email: person.email.toUpperCase() });
    const setup = await setUpAccount(browser, second.id, "whatever password");
    expect(setup).toMatchObject({ status: 409, body: { existingUser: true } });
    expect(browser.cookies.has("session")).toBe(false);

    // Another browser (no funnel cookie for the new claim) signing in does not get it.
    const elsewhere = new Visitor(server.url);
    const other = await elsewhere.post("/api/auth/login", { email: person.email, password: PASSWORD, redirect: "/portal" });
    expect(other.body.attachedClaimRequests).toBe(0);

    // A claim in the same browser for a different email is not attached either.
    const stray = await createSignedClaim(browser, withSurname(PEOPLE.siobhan, "Stray"));

    const login = await browser.post("/api/auth/login", { email: person.email, password: PASSWORD, redirect: "/portal" });
    expect(login).toMatchObject({ status: 200, body: { redirect: "/portal", attachedClaimRequests: 1 } });
    const ids = (await browser.get("/api/portal/claims")).body.claimRequests.map((r: { id: string }) => r.id).sort();
    expect(ids).toEqual([first.claim.id, second.id].sort());
    expect(ids).not.toContain(stray.id);
    // The first browser's session sees it too: it belongs to the account now.
    expect((await first.visitor.get(`/api/claim-requests/${second.id}`)).status).toBe(200);
  });
});

describe("redirects after sign-in stay on the site", () => {
  const person = withSurname(PEOPLE.amelia, "Redirect", "amelia.redirect@example.co.uk");
  beforeAll(async () => {
    await signUp(person);
  });

  it.each([
    "https://elsewhere.example",
    "//elsewhere.example",
    "/\\elsewhere.example",
    "\\\\elsewhere.example",
    "/\t/elsewhere.example",
    "javascript:alert(1)",
    "http:/elsewhere.example",
    " //elsewhere.example",
    "/%2F%2Felsewhere.example/../..//x",
  ])("refuses %j and answers /portal", async (redirect) => {
    const res = await new Visitor(server.url).post("/api/auth/login", { email: person.email, password: PASSWORD, redirect });
    expect(res.status).toBe(200);
    expect(res.body.redirect.startsWith("/")).toBe(true);
    expect(res.body.redirect.startsWith("//")).toBe(false);
    expect(new URL(res.body.redirect, "https://site.example").host).toBe("site.example");
  });

  it("keeps a same-site path with its query", async () => {
    const res = await new Visitor(server.url).post("/api/auth/login", {
      email: person.email,
      password: PASSWORD,
      redirect: "/claim/t1a/lenders?x=1",
    });
    expect(res.body.redirect).toBe("/claim/t1a/lenders?x=1");
    const none = await new Visitor(server.url).post("/api/auth/login", { email: person.email, password: PASSWORD });
    expect(none.body.redirect).toBe("/portal");
  });
});

describe("forgotten password", () => {
  const person = withSurname(PEOPLE.siobhan, "Forgetful", "siobhan.forgetful@example.org");
  let account: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    account = await signUp(person);
  });

  it("answers the same for a known and an unknown email, and mails only the known one", async () => {
    const known = await new Visitor(server.url).post("/api/auth/password-reset/request", { email: person.email });
    const unknown = await new Visitor(server.url).post("/api/auth/password-reset/request", { email: "nobody.here@example.com" });
    expect(known).toMatchObject({ status: 200, body: { ok: true, message: resetRequested } });
    expect(unknown.body).toEqual(known.body);
    const { link } = await latestResetLink(person.email);
    expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
    expect((await new Visitor(server.url).get("/api/dev/mail?to=nobody.here@example.com")).body.mails).toEqual([]);
  });

  it("sets the new password once, ends every session, and signs this browser in", async () => {
    const before = (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(person.email)}`)).body.mails[0]?.id ?? 0;
    await new Visitor(server.url).post("/api/auth/password-reset/request", { email: person.email });
    const { token } = await latestResetLink(person.email, before);
    const other = new Visitor(server.url);
    expect((await other.post("/api/auth/login", { email: person.email, password: PASSWORD })).status).toBe(200);

    const browser = new Visitor(server.url);
    expect((await browser.post("/api/auth/password-reset/verify", { token })).body).toEqual({ valid: true });
    expect(await browser.post("/api/auth/password-reset", { token, password: "short" })).toMatchObject({
      status: 400,
      body: { error: "Password must be at least 8 characters" },
    });
    const reset = await browser.post("/api/auth/password-reset", { token, password: NEW_PASSWORD });
    expect(reset).toMatchObject({ status: 200, body: { ok: true, redirect: "/portal" } });
    expect((await browser.get("/api/me")).body.user.email).toBe(person.email);

    // Every other session is over: the sign-up browser's and the one that signed in.
    expect((await account.visitor.get("/api/me")).status).toBe(401);
    expect((await other.get("/api/me")).status).toBe(401);
    // Single use.
    expect((await browser.post("/api/auth/password-reset/verify", { token })).body).toEqual({ valid: false });
    expect(await new Visitor(server.url).post("/api/auth/password-reset", { token, password: "yet another password" })).toMatchObject({
      status: 400,
      body: { linkInvalid: true, error: expect.stringMatching(/expired or has already been used/) },
    });
    // The new password works, the old one does not.
    expect((await new Visitor(server.url).post("/api/auth/login", { email: person.email, password: PASSWORD })).status).toBe(401);
    expect((await new Visitor(server.url).post("/api/auth/login", { email: person.email, password: NEW_PASSWORD })).status).toBe(200);
    expect(await metadataOf(person.email)).toMatchObject({ password_set: true });
  });

  it("refuses an expired link, and spends older links once one is used", async () => {
    const email = person.email;
    let last = (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).body.mails[0].id;
    await new Visitor(server.url).post("/api/auth/password-reset/request", { email });
    const older = await latestResetLink(email, last);
    last = older.id;
    // Expire the first link (as 31 minutes would).
    await server.db.query("UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL");
    expect((await new Visitor(server.url).post("/api/auth/password-reset", { token: older.token, password: NEW_PASSWORD })).status).toBe(
      400,
    );

    await server.db.query("DELETE FROM password_resets");
    await new Visitor(server.url).post("/api/auth/password-reset/request", { email });
    const a = await latestResetLink(email, last);
    await new Visitor(server.url).post("/api/auth/password-reset/request", { email });
    const b = await latestResetLink(email, a.id);
    const { rows } = await server.db.query<{ minutes: number }>(
      "SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM password_resets ORDER BY created_at DESC LIMIT 1",
    );
    expect(rows[0].minutes).toBe(30);
    expect((await new Visitor(server.url).post("/api/auth/password-reset", { token: b.token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await new Visitor(server.url).post("/api/auth/password-reset", { token: a.token, password: NEW_PASSWORD })).status).toBe(400);
    // Tokens are stored hashed.
    const stored = await server.db.query<{ token_hash: string }>("SELECT token_hash FROM password_resets");
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(a.token);
    expect(stored.rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it("mails one account at most 3 times an hour, still answering the same", async () => {
    const email = "capped.user@example.com";
    await signUp(withSurname(PEOPLE.amelia, "Capped", email));
    await server.db.query("DELETE FROM password_resets");
    for (let i = 0; i < 3; i++)
      expect((await new Visitor(server.url).post("/api/auth/password-reset/request", { email })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const fourth = await new Visitor(server.url).post("/api/auth/password-reset/request", { email });
    expect(fourth.body.message).toBe(resetRequested);
    await new Promise((r) => setTimeout(r, 300));
    const mails = (await new Visitor(server.url).get(`/api/dev/mail?to=${email}`)).body.mails as { subject: string }[];
    expect(mails.filter((m) => /Reset/.test(m.subject))).toHaveLength(3);
  });
});

describe("rate limits and logs", () => {
  it("rate-limits reset requests and reset attempts per client", async () => {
    const limited = await startTestServer({ rateLimits: { addressSearch: 1000, creditCheck: 1000, login: 1000, passwordReset: 2 } });
    try {
      const v = new Visitor(limited.url);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await v.post("/api/auth/password-reset/request", { email: `x${i}@example.com` })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const attempts = [];
      for (let i = 0; i < 3; i++)
        attempts.push((await v.post("/api/auth/password-reset", { token: "y".repeat(43), password: "long enough password" })).status);
      expect(attempts).toEqual([400, 400, 429]);
      expect((await v.post("/api/auth/password-reset", { token: "y".repeat(43), password: "long enough password" })).body.error).toMatch(
        /Too many password reset attempts/,
      );
    } finally {
      await limited.stop();
    }
  });

  it("never logs a password, a hash or a token", () => {
    const log = server.log();
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [PASSWORD, NEW_PASSWORD, "scrypt$", "token="]) expect(log).not.toContain(secret);
  });
});

describe("in production", () => {
  it("has no dev mailbox, and sets Secure session cookies", async () => {
    const prod = await startTestServer({ nodeEnv: "production" });
    try {
      const v = new Visitor(prod.url);
      expect((await v.get("/api/dev/mail")).status).toBe(404);
      const person = withSurname(PEOPLE.amelia, "Prod", "amelia.prod@example.co.uk");
      const claim = await createSignedClaim(v, person);
      // Production has no dev mailbox to read the mailed code from: the proof it gives is recorded here instead.
      await prod.db.query("UPDATE claim_requests SET email_proven_hash = $2 WHERE id = $1", [claim.id, emailHash(person.email)]);
      const setup = await setUpAccount(v, claim.id, PASSWORD);
      expect(setup.status).toBe(201);
      // __Host-: Secure, Path=/ and no Domain, so no other host can set or overwrite it.
      const cookie = setup.headers.getSetCookie().find((c) => c.startsWith("__Host-session="))!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(setup.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await prod.stop();
    }
  });
});
