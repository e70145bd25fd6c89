/**
 * Attacks on accounts, written as the attack and shown refused: an email
 * change by a stolen session, account setup telling who has an account, an
 * erasure the CRM never hears of, sign-in lockout of the owner by strangers,
 * reset links pointed at a host the attacker chose, and phishing text on the
 * sign-in page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSignInLimitKey } from "../http/rateLimits";
import { startWebhookReceiver, type WebhookReceiver } from "../../testing/crmWebhookReceiver";
import { uuidFrom } from "../providers/crm/uuid";
import { SANDBOX_PARTNER, signAffiliateToken } from "../auth/affiliateLinks";
import {
  PEOPLE,
  Visitor,
  accountWithPassword,
  createSignedClaim,
  partnerConsumer,
  partnerPost,
  requestWithHost,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";

const PASSWORD = "correct horse battery";

let server: TestServer;
beforeAll(async () => {
  // Behind one trusted proxy hop, so each attacker's request comes from an address of its own.
  server = await startTestServer({ env: { TRUST_PROXY: "1" }, rateLimits: { passwordReset: 1000, loginPerAccount: 3 } });
});
afterAll(async () => {
  await server?.stop();
});

async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  return (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).body.mails;
}

describe("reset links use the brand's hostnames, whatever Host the request carries", () => {
  it("a reset asked for with Host: attacker.example mails a link to the brand's own host", async () => {
    const email = withSurname(PEOPLE.amelia, "Hostreset").email;
    await accountWithPassword(server.url, withSurname(PEOPLE.amelia, "Hostreset"), PASSWORD);
    const asked = await requestWithHost(server.url, {
      path: "/api/auth/password-reset/request",
      host: "attacker.example",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(200);
    const mail = (await mailsTo(email)).find((m) => /reset-password\?token=/.test(m.text));
    expect(mail).toBeDefined();
    expect(mail?.text).not.toContain("attacker.example");
    expect(mail?.text).toContain(`http://localhost:${server.port}/reset-password?token=`);
  });
});

describe("the sign-in page shows only known status messages", () => {
  it("carries the status copy by key from the site content, and nothing of a ?message= link", async () => {
    const res = await fetch(`${server.url}/login?message=${encodeURIComponent("Your account is locked. Call 0800 000 000")}`);
    const html = await res.text();
    const boot = JSON.parse(/<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}");
    expect(boot.loginStatus.existing_user).toMatch(/already have an account/);
    expect(html).not.toContain("Your account is locked");
  });
});

describe("failed sign-ins from strangers do not lock the owner out", () => {
  const signIn = (email: string, password: string, address: string) =>
    new Visitor(server.url).post("/api/auth/login", { email, password }, { headers: { "x-forwarded-for": address } });

  it("guesses from three addresses bring a short delay, after which the owner's password works", async () => {
    const owner = withSurname(PEOPLE.rajesh, "Lockout");
    await accountWithPassword(server.url, owner, PASSWORD);
    for (const address of ["198.51.100.11", "198.51.100.12", "198.51.100.13"])
      expect((await signIn(owner.email, "a wrong guess", address)).status).toBe(401);

    // Inside the delay: refused without a password check, with how long to wait (never a 15-minute block).
    const early = await signIn(owner.email, PASSWORD, "203.0.113.7");
    expect(early.status).toBe(429);
    const retryAfter = Number(early.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // A guess inside the delay is refused too, and does not lengthen it.
    expect((await signIn(owner.email, "another guess", "198.51.100.14")).status).toBe(429);

    // The delay passes (moved into the past here rather than waited for): the owner's own password works.
    await server.db.query("UPDATE rate_limits SET reset_at = reset_at - interval '31 seconds' WHERE key = $1", [
      accountSignInLimitKey(owner.email),
    ]);
    expect((await signIn(owner.email, PASSWORD, "203.0.113.7")).status).toBe(200);
    // And it cleared the count: the next wrong guesses start from nothing.
    expect((await signIn(owner.email, "a wrong guess", "198.51.100.15")).status).toBe(401);
  });

  it("each further failure doubles the delay, up to 5 minutes", async () => {
    const email = "doubling.delays@example.com";
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) expect((await signIn(email, "guess", `198.51.100.${30 + i}`)).status).toBe(401);
    for (let round = 0; round < 6; round++) {
      const refused = await signIn(email, "guess", "198.51.100.40");
      expect(refused.status).toBe(429);
      delays.push(Number(refused.headers.get("retry-after")));
      // Let the delay pass, then one more failure.
      await server.db.query("UPDATE rate_limits SET reset_at = reset_at - make_interval(secs => $2) WHERE key = $1", [
        accountSignInLimitKey(email),
        delays[round] + 1,
      ]);
      expect((await signIn(email, "guess", "198.51.100.41")).status).toBe(401);
    }
    expect(delays.map((d) => Math.round(d / 30) * 30)).toEqual([30, 60, 120, 240, 300, 300]);
  });
});

describe("erasure reaches the CRM", () => {
  const SECRET = "whsec_erasure_test_0123456789abcdef";
  let receiver: WebhookReceiver;
  let crmServer: TestServer;
  beforeAll(async () => {
    receiver = await startWebhookReceiver({ secret: SECRET });
    crmServer = await startTestServer({
      env: { CRM_PROVIDER: "webhook", CRM_WEBHOOK_URL: receiver.url, CRM_WEBHOOK_SECRET: SECRET, OUTBOX_POLL_MS: "20" },
    });
  });
  afterAll(async () => {
    await crmServer?.stop();
    await receiver?.close();
  });

  const eventsFor = (claimRequestId: string, type: string) =>
    receiver.received.filter(
      (r) => r.status === 200 && r.eventType === type && JSON.parse(r.body).data.claim_request_id === claimRequestId,
    );

  async function until(check: () => boolean) {
    for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    return check();
  }

  it("the CRM that holds the client's details gets a signed client.erased event, queued with the erasure", async () => {
    const who = withSurname(PEOPLE.amelia, "Erasedcrm");
    const { visitor, id } = await accountWithPassword(crmServer.url, who, PASSWORD);
    const synced = await visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "fairdrive", provider_type: "sandbox" });
    expect(synced.status).toBe(200);
    expect(await until(() => eventsFor(id, "client.created").length === 1)).toBe(true);

    const erased = await visitor.post("/api/privacy/erase", { password: PASSWORD });
    expect(erased.status).toBe(200);
    expect(erased.body.erased.crmErasuresQueued).toBe(1);
    // Queued by the erasure itself (the same transaction), before its answer: not left to a later job.
    const queued = await crmServer.db.query<{ body: string; delivered_at: Date | null }>(
      "SELECT body, delivered_at FROM outbox WHERE claim_request_id = $1 AND idempotency_key = $2",
      [id, uuidFrom(`webhook-crm|client.erased|${id}`)],
    );
    expect(queued.rows).toHaveLength(1);

    expect(await until(() => eventsFor(id, "client.erased").length === 1)).toBe(true);
    const [delivery] = eventsFor(id, "client.erased");
    expect(delivery.signatureValid).toBe(true);
    const event = JSON.parse(delivery.body);
    expect(event).toEqual({
      id: uuidFrom(`webhook-crm|client.erased|${id}`),
      type: "client.erased",
      created_at: expect.any(String),
      data: { client_uuid: synced.body.client.uuid, claim_request_id: id },
    });
    // Ids only: the event asking for erasure carries none of the details.
    expect(delivery.body).not.toContain(who.lastName);
    expect(delivery.body).not.toContain(who.email);
  });
});

describe("an email change by a stolen session", () => {
  /** A second browser holding a copy of the victim's session cookie (stolen, or simply another device). */
  const copyOf = (visitor: Visitor) => {
    const copy = new Visitor(server.url);
    for (const [name, value] of visitor.cookies) if (name === "session") copy.cookies.set(name, value);
    return copy;
  };
  const codeMailedTo = async (email: string) =>
    /\b(\d{6})\b/.exec((await mailsTo(email)).find((m) => /confirmation code/.test(m.subject))?.text ?? "")?.[1];

  it("the session alone cannot change the email: no code goes to the attacker's address, the email stays", async () => {
    const victim = withSurname(PEOPLE.amelia, "Stolensession");
    const { visitor } = await accountWithPassword(server.url, victim, PASSWORD);
    const attacker = copyOf(visitor);
    const attackerEmail = "attacker.mailbox@example.net";

    const bare = await attacker.post("/api/portal/contact/email", { email: attackerEmail });
    expect(bare.status).toBe(400);
    const guessed = await attacker.post("/api/portal/contact/email", { email: attackerEmail, password: "a guess at the password" });
    expect(guessed.status).toBe(403);
    expect(await codeMailedTo(attackerEmail)).toBeUndefined();
    expect((await attacker.post("/api/portal/contact/email/confirm", { code: "000000" })).status).toBe(400);
    expect((await visitor.get("/api/portal/contact")).body.email).toBe(victim.email);
  });

  it("with the password it changes, tells the old address, and ends every other session of the account", async () => {
    const owner = withSurname(PEOPLE.rajesh, "Movesmail");
    const { visitor } = await accountWithPassword(server.url, owner, PASSWORD);
    const otherDevice = copyOf(visitor);
    const newEmail = "rajesh.new.address@example.com";

    const asked = await visitor.post("/api/portal/contact/email", { email: newEmail, password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ pending: true, sentTo: "new" });
    const confirmed = await visitor.post("/api/portal/contact/email/confirm", { code: await codeMailedTo(newEmail) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: newEmail });

    expect((await mailsTo(owner.email)).some((m) => /email address was changed/.test(m.subject))).toBe(true);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect((await visitor.get("/api/me")).body.user.email).toBe(newEmail);
  });

  it("an account without a password proves the current address first, then the new one", async () => {
    const who = withSurname(PEOPLE.siobhan, "Passwordlessmove");
    const created = await partnerPost(server.url, SANDBOX_PARTNER, "/api/partners/claims", {
      consumer: partnerConsumer(who),
      credit_search: false,
    });
    expect(created.status).toBe(201);
    const visitor = new Visitor(server.url);
    const entered = await visitor.post("/api/affiliate/enter", {
      token: signAffiliateToken(SANDBOX_PARTNER, created.body.claim_request_id).token,
    });
    expect(entered.body.redirect).toMatch(/^\/claim\/t1a\//);
    const attacker = copyOf(visitor);
    const attackerEmail = "attacker.second@example.net";

    const asked = await attacker.post("/api/portal/contact/email", { email: attackerEmail });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ pending: true, sentTo: "current" });
    // The code went to the account's own mailbox, which the attacker does not read: nothing reaches theirs.
    expect(await codeMailedTo(attackerEmail)).toBeUndefined();
    expect((await attacker.post("/api/portal/contact/email/confirm", { code: "123456" })).status).toBe(400);
    expect((await visitor.get("/api/portal/contact")).body.email).toBe(who.email);

    // The owner, who reads the current mailbox, goes on: then the new address proves itself.
    const newEmail = "siobhan.moved@example.org";
    // (The attacker's pending change is replaced; asking again within 30 s is refused, so that wait is skipped here.)
    await server.db.query("UPDATE pending_confirmations SET created_at = created_at - interval '1 minute'");
    const own = await visitor.post("/api/portal/contact/email", { email: newEmail });
    expect(own.body.sentTo).toBe("current");
    const first = await visitor.post("/api/portal/contact/email/confirm", { code: await codeMailedTo(who.email) });
    expect(first.body).toMatchObject({ pending: true, sentTo: "new" });
    const second = await visitor.post("/api/portal/contact/email/confirm", { code: await codeMailedTo(newEmail) });
    expect(second.body).toEqual({ email: newEmail });
  });
});

describe("account setup does not tell who has an account", () => {
  /** What a requester can see of an answer: status, body, and which cookies it sets. */
  const seen = (r: { status: number; body: unknown; headers: Headers }) => ({
    status: r.status,
    body: r.body,
    cookies: r.headers.getSetCookie().map((c) => c.slice(0, c.indexOf("="))),
  });
  const codeMails = async (email: string) => (await mailsTo(email)).filter((m) => /code: \d{6}$/.test(m.subject));

  it("a new and a registered email look alike until the mailed code is entered; then the registered one is sent to sign in", async () => {
    const owner = withSurname(PEOPLE.amelia, "Registered");
    await accountWithPassword(server.url, owner, PASSWORD);
    const fresh = withSurname(PEOPLE.amelia, "Unregistered");
    const before = (await codeMails(owner.email)).length;

    const tryIt = async (email: string) => {
      const visitor = new Visitor(server.url);
      const { id } = await createSignedClaim(visitor, { ...withSurname(PEOPLE.amelia, "Prober"), email });
      const check = seen(await visitor.post("/api/account/check", { claim_request_id: id }));
      const setup = seen(await visitor.post("/api/account/setup", { claim_request_id: id, password: "a prober's password" }));
      return { visitor, id, answers: [check, setup], signedIn: visitor.cookies.has("session") };
    };
    const registered = await tryIt(owner.email);
    const unregistered = await tryIt(fresh.email);
    expect(registered.answers).toEqual(unregistered.answers);
    expect(registered.signedIn).toBe(false);
    expect(unregistered.signedIn).toBe(false);
    // Both addresses got the same mail: a code, nothing about an account.
    const [toRegistered, toUnregistered] = [await codeMails(owner.email), await codeMails(fresh.email)];
    expect(toRegistered).toHaveLength(before + 1);
    expect(toUnregistered).toHaveLength(1);
    expect(toRegistered[0].text.replace(/\d{6}/, "")).toBe(toUnregistered[0].text.replace(/\d{6}/, ""));
    // A wrong code is refused alike too.
    const wrong = async (v: { visitor: Visitor; id: string }) =>
      seen(await v.visitor.post("/api/account/setup", { claim_request_id: v.id, password: "a prober's password", code: "000000" }));
    expect(await wrong(registered)).toEqual(await wrong(unregistered));

    // Whoever reads the mailbox enters the code: only now do the two differ.
    const enter = async (v: { visitor: Visitor; id: string }, email: string) =>
      v.visitor.post("/api/account/setup", {
        claim_request_id: v.id,
        password: "a prober's password",
        code: /\d{6}/.exec((await codeMails(email))[0].text)?.[0],
      });
    const existing = await enter(registered, owner.email);
    expect(existing.status).toBe(409);
    expect(existing.body).toMatchObject({ existingUser: true });
    expect(registered.visitor.cookies.has("session")).toBe(false);
    const created = await enter(unregistered, fresh.email);
    expect(created.status).toBe(201);
    expect(unregistered.visitor.cookies.has("session")).toBe(true);
    // The new account starts with its email verified (the CRM needs a verified email).
    const { rows } = await server.db.query("SELECT email_verified_at FROM users WHERE email = $1", [fresh.email]);
    expect(rows[0].email_verified_at).not.toBeNull();
  });
});
