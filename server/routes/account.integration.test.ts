import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PEOPLE,
  Visitor,
  confirmEmail,
  createSignedClaim,
  formData,
  startTestServer,
  withSurname,
  type TestServer,
  setUpAccount,
} from "../testing/harness";

const LOGIN_LIMIT = 6;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { addressSearch: 1000, creditCheck: 1000, login: LOGIN_LIMIT } });
});
afterAll(async () => {
  await server?.stop();
});

const PASSWORD = "correct horse battery";

describe("account setup → session → portal", () => {
  it("creates the account, signs the user in and lists their claims in the portal", async () => {
    const visitor = new Visitor(server.url);
    const { id, claim_reference } = await createSignedClaim(visitor, PEOPLE.amelia);
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(run.body.claimsFound).toBeGreaterThan(0);

    expect((await visitor.get("/api/portal/claims")).status).toBe(401);
    const setup = await setUpAccount(visitor, id, PASSWORD);
    expect(setup.status).toBe(201);
    expect(setup.body).toEqual({ ok: true, redirect: "/portal" });
    const cookie = setup.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=604800/); // the absolute lifetime, 7 days

    const me = await visitor.get("/api/me");
    expect(me).toMatchObject({ status: 200, body: { user: { id: expect.any(String), email: PEOPLE.amelia.email } } });

    const portal = await visitor.get("/api/portal/claims");
    expect(portal.status).toBe(200);
    expect(portal.body.claimRequests).toHaveLength(1);
    expect(portal.body.claimRequests[0]).toMatchObject({ id, claim_reference, first_name: "Amelia" });
    expect(portal.body.claimRequests[0].claims).toHaveLength(run.body.claimsFound);
    expect(portal.body.claims).toHaveLength(run.body.claimsFound);

    // Once the claim belongs to the account, the user (not the funnel cookie alone) owns it.
    expect((await visitor.get(`/api/claim-requests/${id}`)).status).toBe(200);
    const cookieOnly = new Visitor(server.url);
    cookieOnly.cookies.set("funnel_session", visitor.cookies.get("funnel_session")!);
    expect((await cookieOnly.get(`/api/claim-requests/${id}`)).status).toBe(404);
  });

  it("sends an existing email, once the code proves the mailbox, to sign in, without signing anyone in to that account", async () => {
    const first = new Visitor(server.url);
    const a = await createSignedClaim(first, PEOPLE.rajesh);
    expect((await setUpAccount(first, a.id, PASSWORD)).status).toBe(201);

    const second = new Visitor(server.url);
    const b = await createSignedClaim(second, { ...PEOPLE.rajesh, email: PEOPLE.rajesh.email.toUpperCase() });
    const res = await setUpAccount(second, b.id, PASSWORD);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ existingUser: true });
    expect(second.cookies.has("session")).toBe(false);
    expect((await second.get("/api/portal/claims")).status).toBe(401);
  });

  it("a new account starts with its email verified: the code proved it", async () => {
    const visitor = new Visitor(server.url);
    const person = withSurname(PEOPLE.amelia, "Verifiedsetup");
    const { id } = await createSignedClaim(visitor, person);
    expect((await setUpAccount(visitor, id, PASSWORD)).status).toBe(201);
    const { rows } = await server.db.query("SELECT email_verified_at FROM users WHERE email = $1", [person.email]);
    expect(rows[0].email_verified_at).not.toBeNull();
    // So it signs in on another device straight away.
    expect((await new Visitor(server.url).post("/api/auth/login", { email: person.email, password: PASSWORD })).status).toBe(200);
  });

  it("refuses a wrong code, and counts the guesses", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, withSurname(PEOPLE.siobhan, "Wrongcode"));
    expect((await visitor.post("/api/account/setup", { claim_request_id: id, password: PASSWORD })).status).toBe(202);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await visitor.post("/api/account/setup", { claim_request_id: id, password: PASSWORD, code: "00000" + i })).status);
    }
    // Five guesses (a right one among them is most unlikely), then locked.
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    expect(visitor.cookies.has("session")).toBe(false);
  });

  it("checks the password, the owner and the email", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, withSurname(PEOPLE.siobhan, "Okafor"));
    expect(await setUpAccount(visitor, id, "short")).toMatchObject({
      status: 400,
      body: { error: "Password must be at least 8 characters" },
    });
    const stranger = new Visitor(server.url);
    expect(await setUpAccount(stranger, id, PASSWORD)).toMatchObject({
      status: 404,
      body: { error: "No claim request found" },
    });

    const noEmail = new Visitor(server.url);
    const created = await noEmail.post("/api/claim-requests", {
      version: "t1",
      step: "address",
      data: { hadFinance: "yes", contactDetails: { isTermsPolicyAgreed: true }, address: PEOPLE.siobhan.address },
    });
    expect(await setUpAccount(noEmail, created.body.id, PASSWORD)).toMatchObject({
      status: 400,
      body: { error: "Email is required for account creation" },
    });
  });
});

describe("login, logout, me", () => {
  const person = withSurname(PEOPLE.amelia, "Whitfield", "amelia.whitfield@example.co.uk");

  it("signs in with the right password (any email case), rotates the session, and signs out server-side", async () => {
    const signup = new Visitor(server.url);
    const { id } = await createSignedClaim(signup, person);
    await setUpAccount(signup, id, PASSWORD);
    await confirmEmail(server.url, person.email, PASSWORD);

    const visitor = new Visitor(server.url);
    const wrong = await visitor.post("/api/auth/login", { email: person.email, password: "not the password" });
    expect(wrong).toMatchObject({ status: 401, body: { error: "Email or password is incorrect" } });
    const unknown = await visitor.post("/api/auth/login", { email: "nobody@example.com", password: PASSWORD });
    expect(unknown).toMatchObject({ status: 401, body: { error: "Email or password is incorrect" } });

    const login = await visitor.post("/api/auth/login", { email: person.email.toUpperCase(), password: PASSWORD });
    expect(login).toMatchObject({ status: 200, body: { ok: true, user: { email: person.email } } });
    const firstToken = visitor.cookies.get("session")!;
    const again = await visitor.post("/api/auth/login", { email: person.email, password: PASSWORD });
    expect(again.status).toBe(200);
    const secondToken = visitor.cookies.get("session")!;
    expect(secondToken).not.toBe(firstToken);

    const old = new Visitor(server.url);
    old.cookies.set("session", firstToken);
    expect((await old.get("/api/me")).status).toBe(401);

    const portal = await visitor.get("/api/portal/claims");
    expect(portal.body.claimRequests.map((r: { id: string }) => r.id)).toEqual([id]);

    const copy = new Visitor(server.url);
    copy.cookies.set("session", secondToken);
    expect((await visitor.post("/api/auth/logout")).body).toEqual({ ok: true });
    expect(visitor.cookies.has("session")).toBe(false);
    expect((await copy.get("/api/me")).status).toBe(401);
    expect(await visitor.get("/api/me")).toMatchObject({ status: 401, body: { error: expect.any(String) } });
  });

  it("a signed-in user's new claim request belongs to the account", async () => {
    const visitor = new Visitor(server.url);
    const login = await visitor.post("/api/auth/login", { email: person.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) });
    const portal = await visitor.get("/api/portal/claims");
    expect(portal.body.claimRequests.map((r: { id: string }) => r.id)).toContain(created.body.id);
  });

  it("rate-limits failed sign-ins", async () => {
    const visitor = new Visitor(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 1; i++) {
      statuses.push((await visitor.post("/api/auth/login", { email: "guess@example.com", password: `guess-${i}-xx` })).status);
    }
    expect(statuses).toContain(429);
    const limited = await visitor.post("/api/auth/login", { email: person.email, password: PASSWORD });
    expect(limited).toMatchObject({ status: 429, body: { error: expect.stringMatching(/Too many sign-in attempts/) } });
    expect((await visitor.get("/api/health")).status).toBe(200);
  });
});
