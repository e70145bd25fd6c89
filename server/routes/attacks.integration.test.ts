/**
 * Attacks on a consumer's account, identity check and credit file, each
 * written as the attack and shown refused: affiliate-link takeover, an
 * identity check re-used for someone else, a KBA brand searching without KBA,
 * made-up credit-check claims, account enumeration (answers and timing),
 * code guessing in parallel, weak sessions and untrusted browser input.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PARTNER, signAffiliateToken, type AffiliatePartner } from "../auth/affiliateLinks";
import { issueEmailVerification, verifyEmailCode } from "../auth/emailVerification";
import { SandboxMailbox } from "../mail/transport";
import { fixtureSiteContent } from "../testing/fixtureSiteContent";
import {
  PEOPLE,
  PNG_SIGNATURE,
  Visitor,
  confirmEmail,
  createSignedClaim,
  formData,
  partnerConsumer,
  partnerPost,
  startTestServer,
  verificationTokenFor,
  withSurname,
  type TestPerson,
  type TestServer,
  setUpAccount,
} from "../testing/harness";
import { uuidFrom } from "../providers/crm/uuid";

const ACME: AffiliatePartner = { id: "acme", secret: "an-acme-secret-that-is-at-least-32-characters" };
const PASSWORD = "correct horse battery";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { AFFILIATE_PARTNERS: `acme:${ACME.secret}`, SESSION_IDLE_MINUTES: "30" },
    rateLimits: { addressSearch: 1000, creditCheck: 1000, login: 1000, affiliate: 1000, passwordReset: 1000 },
  });
});
afterAll(async () => {
  await server?.stop();
});

let phones = 0;
/** A person with a phone number of their own (verifications are capped per number). */
const person = (surname: string, email?: string): TestPerson => ({
  ...withSurname(PEOPLE.amelia, surname, email),
  phoneNumber: `07700 900${String(300 + ++phones).padStart(3, "0")}`,
});

async function partnerClaim(partner: AffiliatePartner, who: TestPerson): Promise<string> {
  const res = await partnerPost(server.url, partner, "/api/partners/claims", { consumer: partnerConsumer(who), credit_search: false });
  expect(res.status).toBe(201);
  return res.body.claim_request_id;
}

async function openLink(visitor: Visitor, partner: AffiliatePartner, claimId: string): Promise<string> {
  const res = await visitor.post("/api/affiliate/enter", { token: signAffiliateToken(partner, claimId).token });
  return res.body.redirect;
}

async function accountWithPassword(who: TestPerson): Promise<Visitor> {
  const visitor = new Visitor(server.url);
  const { id } = await createSignedClaim(visitor, who);
  expect((await setUpAccount(visitor, id, PASSWORD)).status).toBe(201);
  await confirmEmail(server.url, who.email, PASSWORD);
  return visitor;
}

describe("affiliate link takeover", () => {
  it("partner B's link for partner A's claim is refused, and signs nobody in", async () => {
    const claimId = await partnerClaim(ACME, person("Acmeclaim"));
    const attacker = new Visitor(server.url);
    expect(await openLink(attacker, SANDBOX_PARTNER, claimId)).toBe("/login?status=link_invalid");
    expect(attacker.cookies.has("session")).toBe(false);
    expect(attacker.cookies.has("funnel_session")).toBe(false);
    // Nor will partner B's API sign a link for it.
    expect((await partnerPost(server.url, SANDBOX_PARTNER, `/api/partners/claims/${claimId}/link`, {})).status).toBe(404);
    // A's own link still works afterwards.
    expect(await openLink(new Visitor(server.url), ACME, claimId)).toBe("/claim/t1a/lenders");
  });

  it("a link for a public claim request (no partner) is refused, even signed by a real partner", async () => {
    const victim = new Visitor(server.url);
    const { id } = await createSignedClaim(victim, person("Publicvictim"));
    const attacker = new Visitor(server.url);
    expect(await openLink(attacker, SANDBOX_PARTNER, id)).toBe("/login?status=link_invalid");
    expect((await attacker.get(`/api/claim-requests/${id}`)).status).toBe(404);
    expect((await victim.get(`/api/claim-requests/${id}`)).status).toBe(200); // still the victim's
  });

  it("a claim carrying a victim's email never opens the victim's account, with or without a password", async () => {
    const victim = person("Victim", "victim.account@example.com");
    const victimBrowser = await accountWithPassword(victim);

    const claimId = await partnerClaim(SANDBOX_PARTNER, { ...person("Attacker"), email: victim.email });
    const attacker = new Visitor(server.url);
    expect(await openLink(attacker, SANDBOX_PARTNER, claimId)).toMatch(/^\/login\?/);
    expect(attacker.cookies.has("session")).toBe(false);
    expect((await attacker.get("/api/me")).status).toBe(401);
    expect((await attacker.get("/api/portal/claims")).status).toBe(401);
    expect((await attacker.post("/api/account/password", { password: "attacker's own password" })).status).toBe(401);
    // The victim's account is untouched: their password works, the attacker's claim is not in it.
    const portal = await victimBrowser.get("/api/portal/claims");
    expect(portal.body.claimRequests.map((r: { id: string }) => r.id)).not.toContain(claimId);

    // A passwordless account (made by an earlier link) is not opened by a new link either.
    const passwordless = person("Passwordless", "passwordless.victim@example.com");
    const first = await partnerClaim(SANDBOX_PARTNER, passwordless);
    const owner = new Visitor(server.url);
    expect(await openLink(owner, SANDBOX_PARTNER, first)).toBe("/claim/t1a/lenders");
    const second = await partnerClaim(SANDBOX_PARTNER, { ...person("Attacker"), email: passwordless.email });
    const intruder = new Visitor(server.url);
    expect(await openLink(intruder, SANDBOX_PARTNER, second)).toMatch(/^\/login\?/);
    expect((await intruder.get("/api/me")).status).toBe(401);
    expect((await intruder.post("/api/account/password", { password: "attacker's own password" })).status).toBe(401);
  });

  it("a link's session reaches only its own claim, and the affiliate_partner is recorded", async () => {
    const who = person("Scoped", "scoped.user@example.com");
    const claimId = await partnerClaim(ACME, who);
    const { rows } = await server.db.query("SELECT affiliate_partner FROM claim_requests WHERE id = $1", [claimId]);
    expect(rows[0]).toEqual({ affiliate_partner: "acme" });
    const visitor = new Visitor(server.url);
    expect(await openLink(visitor, ACME, claimId)).toBe("/claim/t1a/lenders");
    // Another claim request of the same account (joined some other way) is out of the link session's reach.
    const other = await createSignedClaim(new Visitor(server.url), who);
    await server.db.query("UPDATE claim_requests SET user_id = (SELECT id FROM users WHERE email = $1) WHERE id = $2", [
      who.email,
      other.id,
    ]);
    expect((await visitor.get(`/api/claim-requests/${claimId}`)).status).toBe(200);
    expect((await visitor.get(`/api/claim-requests/${other.id}`)).status).toBe(404);
  });
});

describe("identity check bound to the person", () => {
  async function affiliateBrandClaim(who: TestPerson) {
    const visitor = new Visitor(server.url);
    const created = await visitor.post("/api/claim-requests?brand=quickcheck-affiliate", {
      version: "t1",
      step: "personal-details",
      data: formData(who),
    });
    expect(created.status).toBe(201);
    return { visitor, id: created.body.id as string };
  }
  const verifyBody = (id: string, who: TestPerson) => {
    const data = formData(who);
    return { clientRefId: id, personalDetails: data.personalDetails, contactDetails: data.contactDetails, address: data.address };
  };

  it("verify as yourself, change name, DOB and address to someone else's, then search: refused", async () => {
    const me = person("Hargreaves");
    const { visitor, id } = await affiliateBrandClaim(me);
    expect((await visitor.post("/api/credit-check/sandbox/verify-user", verifyBody(id, me))).body.data.decision).toBe("ALLOW");
    const target = { ...PEOPLE.rajesh, phoneNumber: me.phoneNumber, email: me.email };
    const edit = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "personal-details",
      claim_request_id: id,
      data: formData(target),
    });
    expect(edit.status).toBe(200);
    const search = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(search).toMatchObject({ status: 403, body: { error: "Please verify your identity before the credit check." } });
    // Changing back to the verified details makes the verification count again.
    await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", claim_request_id: id, data: formData(me) });
    expect((await visitor.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(200);
  });

  it("a BLOCK decision blocks the search", async () => {
    const me = person("Block");
    const { visitor, id } = await affiliateBrandClaim(me);
    const verify = await visitor.post("/api/credit-check/sandbox/verify-user", verifyBody(id, me));
    expect(verify.body.data).toMatchObject({ decision: "BLOCK", verification_id: expect.any(String) });
    expect((await visitor.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(403);
  });

  it("a signed claim's identity cannot be changed without signing again", async () => {
    const me = person("Signer");
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, me);
    const edit = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "personal-details",
      claim_request_id: id,
      data: formData(PEOPLE.rajesh),
    });
    expect(edit).toMatchObject({ status: 409, body: { identityLocked: true } });
    expect((await visitor.get(`/api/claim-requests/${id}`)).body).toMatchObject({ first_name: me.firstName, last_name: me.lastName });
    const resigned = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: id,
      data: formData(PEOPLE.rajesh, { signature: PNG_SIGNATURE }),
    });
    expect(resigned.status).toBe(200);
    expect((await visitor.get(`/api/claim-requests/${id}`)).body.first_name).toBe(PEOPLE.rajesh.firstName);
  });

  describe("a KBA brand", () => {
    async function kbaClaim(who: TestPerson) {
      const visitor = new Visitor(server.url);
      const created = await visitor.post("/api/claim-requests?brand=northgate-kba", {
        version: "t1",
        step: "personal-details",
        data: formData(who),
      });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const questions = (await visitor.get(`/api/kba/questions?claim_request_id=${id}`)).body.questions as {
        id: string;
        options: { id: string; label: string }[];
      }[];
      const [year, month] = who.dateOfBirth.split("-").map(Number);
      const months = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
      ];
      const truth: Record<string, string> = {
        postcode: who.address.postcode.toUpperCase(),
        "birth-month": months[month - 1],
        "birth-year": String(year),
      };
      const answers = (right: boolean) =>
        questions.map((q) => ({ question_id: q.id, answer_id: q.options.find((o) => (o.label === truth[q.id]) === right)!.id }));
      return { visitor, id, answers };
    }

    it("searching without KBA is refused; a stored pass lets it run; changing details voids the pass", async () => {
      const me = person("Kbauser");
      const { visitor, id, answers } = await kbaClaim(me);
      expect((await visitor.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(403);
      expect((await visitor.post("/api/kba/answers", { claim_request_id: id, answers: answers(true) })).body).toEqual({
        status: "success",
      });
      const { rows } = await server.db.query("SELECT status FROM kba_attempts WHERE claim_request_id = $1", [id]);
      expect(rows).toEqual([{ status: "success" }]);
      expect((await visitor.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(200);
      await visitor.post("/api/claim-requests", {
        version: "t1",
        step: "personal-details",
        claim_request_id: id,
        data: formData({ ...me, dateOfBirth: "1970-01-01" }),
      });
      expect((await visitor.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(403);
    });

    it("locks out after three failures, parallel attempts included, even for the right answers", async () => {
      const { visitor, id, answers } = await kbaClaim(person("Kbaguess"));
      const parallel = await Promise.all(
        Array.from({ length: 6 }, () => visitor.post("/api/kba/answers", { claim_request_id: id, answers: answers(false) })),
      );
      expect(parallel.filter((r) => r.status === 200 && r.body.status === "failure")).toHaveLength(3);
      expect(parallel.filter((r) => r.status === 429)).toHaveLength(3);
      const right = await visitor.post("/api/kba/answers", { claim_request_id: id, answers: answers(true) });
      expect(right.status).toBe(429);
      expect((await visitor.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(403);
      const { rows } = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM kba_attempts WHERE claim_request_id = $1", [
        id,
      ]);
      expect(rows[0].n).toBe(7);
    });
  });
});

describe("one-time codes and verification caps", () => {
  it("20 parallel wrong codes count 20; only the first three are checked; then even the right code is refused", async () => {
    const me = person("Challenge");
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, me);
    const data = formData(me);
    const verify = await visitor.post("/api/credit-check/sandbox/verify-user", {
      clientRefId: id,
      personalDetails: data.personalDetails,
      contactDetails: data.contactDetails,
    });
    const verification_id = verify.body.data.verification_id;
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => visitor.post("/api/otp/verify", { verification_id, code: String(200000 + i) })),
    );
    expect(guesses.filter((g) => g.status === 400)).toHaveLength(2);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(18);
    const { rows } = await server.db.query<{ code_attempts: number }>(
      "SELECT code_attempts FROM identity_verifications WHERE verification_id = $1",
      [verification_id],
    );
    expect(rows[0].code_attempts).toBe(20);
    expect((await visitor.post("/api/otp/resend", { verification_id })).status).toBe(200);
    expect((await visitor.post("/api/otp/verify", { verification_id, code: "123456" })).status).toBe(429);
  });

  it("the credit check's code counts parallel guesses too", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, person("Otp"));
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(run.body.status).toBe("otp-required");
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        visitor.post("/api/credit-check/otp", {
          claim_request_id: id,
          verification_id: run.body.verification_id,
          code: String(300000 + i),
        }),
      ),
    );
    expect(guesses.filter((g) => g.status === 400)).toHaveLength(2);
    const { rows } = await server.db.query<{ code_attempts: number }>(
      "SELECT code_attempts FROM identity_verifications WHERE verification_id = $1",
      [run.body.verification_id],
    );
    expect(rows[0].code_attempts).toBe(20);
    const right = await visitor.post("/api/credit-check/otp", {
      claim_request_id: id,
      verification_id: run.body.verification_id,
      code: "123456",
    });
    expect(right.status).toBe(429);
  });

  it("caps new verifications per claim request and per phone number", async () => {
    const me = person("Hargreaves");
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, me);
    const data = formData(me);
    const body = { clientRefId: id, personalDetails: data.personalDetails, contactDetails: data.contactDetails };
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => visitor.post("/api/credit-check/sandbox/verify-user", body)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);

    // The same phone number on fresh claim requests (another visitor each) is capped as well.
    const shared = person("Hargreaves");
    const results: number[] = [];
    for (let i = 0; i < 6; i++) {
      const v = new Visitor(server.url);
      const claim = await createSignedClaim(v, { ...shared, email: `shared.${i}@example.com` });
      const d = formData(shared);
      results.push(
        (
          await v.post("/api/credit-check/sandbox/verify-user", {
            clientRefId: claim.id,
            personalDetails: d.personalDetails,
            contactDetails: d.contactDetails,
          })
        ).status,
      );
    }
    expect(results).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("email codes (the reusable verification module) count parallel guesses atomically", async () => {
    const visitor = new Visitor(server.url);
    const who = person("Mailcode", "mail.code@example.com");
    const { id } = await createSignedClaim(visitor, who);
    await setUpAccount(visitor, id, PASSWORD);
    const { rows } = await server.db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [who.email]);
    const mail = new SandboxMailbox();
    await issueEmailVerification(
      { db: server.db, mail },
      {
        userId: rows[0].id,
        email: who.email,
        brandName: "Test",
        wording: fixtureSiteContent().mails,
        origin: server.url,
      },
    );
    const code = /code when asked: (\d{6})/.exec(mail.list()[0].text)![1];
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => verifyEmailCode(server.db, rows[0].id, wrong)));
    expect(outcomes.filter((o) => o === "wrong")).toHaveLength(4);
    expect(outcomes.filter((o) => o === "locked")).toHaveLength(16);
    expect(await verifyEmailCode(server.db, rows[0].id, code)).toBe("locked");
  });
});

describe("least credit data", () => {
  it("made-up credit-check claims are refused; only the stored report's agreements and catalogue lenders are saved", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, person("Madeup"));
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    const invented = {
      source: "credit-check",
      lender_name: "Invented Finance",
      start_date: "2015-01-01",
      account_id: "FAKE-1",
      loan_type: "Hire Purchase",
    };
    const withReport = await visitor.post("/api/save-claims", {
      claim_request_id: id,
      credit_check_id: run.body.creditCheckId,
      claims: [invented],
    });
    expect(withReport.status).toBe(400);
    const withoutReport = await visitor.post("/api/save-claims", { claim_request_id: id, claims: [invented] });
    expect(withoutReport.status).toBe(400);
    // A real agreement with its details edited is saved with the stored details, not the browser's.
    const real = { ...run.body.claims[0], loan_type: "Something Else", payment_frequency: "Hourly" };
    const saved = await visitor.post("/api/save-claims", { claim_request_id: id, credit_check_id: run.body.creditCheckId, claims: [real] });
    expect(saved.status).toBe(200);
    const stored = saved.body.data.claims.find((c: { account_id: string }) => c.account_id === real.account_id);
    expect(stored.loan_type).toBe(run.body.claims[0].loan_type);
    expect(saved.body.data.claims).toHaveLength(run.body.claims.length);
  });
});

describe("no account enumeration", () => {
  const known = person("Knownuser", "known.user@example.com");
  beforeAll(async () => {
    await accountWithPassword(known);
  });

  it("account check, setup, login and reset answer alike for an email with an account and one without", async () => {
    const ask = async (email: string) => {
      const visitor = new Visitor(server.url);
      const { id } = await createSignedClaim(visitor, { ...person("Asker"), email });
      const check = await visitor.post("/api/account/check", { claim_request_id: id });
      // Until the mailed code proves the mailbox, setup only mails one, and sets no cookie for either.
      const setup = await visitor.post("/api/account/setup", { claim_request_id: id, password: "a fresh password" });
      const login = await new Visitor(server.url).post("/api/auth/login", { email, password: "a wrong password" });
      const reset = await new Visitor(server.url).post("/api/auth/password-reset/request", { email });
      return [check, setup, login, reset].map((r) => ({ status: r.status, body: r.body, cookies: r.headers.getSetCookie().length }));
    };
    const withAccount = await ask(known.email);
    const without = await ask("nobody.here.at.all@example.com");
    expect(withAccount).toEqual(without);
    expect(withAccount[0].body).toEqual({ existingUser: false, emailVerified: false });
    expect(withAccount[1]).toMatchObject({ status: 202, body: { emailCodeRequired: true }, cookies: 0 });
  });

  // Timing on a shared machine: another process can stall a whole stretch of samples, so each sample is compared
  // with the others of its round, and a run may be retried. A real difference (a passwordless account skipping the
  // hash was 5 ms against 85 ms) fails every try.
  it(
    "sign-in takes alike for an unknown email, a passwordless account and a wrong password (medians within 50%)",
    { retry: 2, timeout: 60_000 },
    async () => {
      // Many short samples, interleaved (each kind in each place of a round in turn): on a shared machine the load
      // drifts, and interleaving gives every kind the same drift; the median then shows the work each one does.
      const timed = await startTestServer({
        // A hash costly enough to stand out from the rest of a sign-in (8 MiB, 2 passes: about 10 ms).
        env: { PASSWORD_ARGON2_MEMORY_KIB: "8192", PASSWORD_ARGON2_ITERATIONS: "2" },
        rateLimits: { addressSearch: 1000, creditCheck: 1000, login: 10_000 },
      });
      try {
        const withPassword = new Visitor(timed.url);
        const own = person("Timed", "timed.user@example.com");
        const { id } = await createSignedClaim(withPassword, own);
        await setUpAccount(withPassword, id, PASSWORD);
        await timed.db.query("INSERT INTO users (email, password_hash, metadata) VALUES ('passwordless.timed@example.com', 'none', '{}')");
        const emails = { unknown: "nobody.timed@example.com", passwordless: "passwordless.timed@example.com", wrongPassword: own.email };
        const samples: Record<string, number[]> = { unknown: [], passwordless: [], wrongPassword: [] };
        const client = new Visitor(timed.url);
        const kinds = Object.entries(emails);
        for (let round = 0; round < 90; round++) {
          // Each kind takes each place in the round in turn, so the order inside a round favours none.
          for (const [kind, email] of [...kinds.slice(round % 3), ...kinds.slice(0, round % 3)]) {
            const started = performance.now();
            const res = await client.post("/api/auth/login", { email, password: "not the password" });
            samples[kind].push(performance.now() - started);
            expect(res.status).toBe(401);
          }
        }
        const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
        const series = Object.values(samples);
        const rounds = [...samples.unknown.keys()].slice(5); // the first rounds warm up
        const medians = series.map((xs) => median(rounds.map((r) => xs[r])));
        // Each sample against its own round's mean: load that comes and goes over a few rounds (another test
        // file's burst of work) moves the three kinds of a round together, and drops out of the comparison.
        const roundMean = (r: number) => series.reduce((sum, xs) => sum + xs[r], 0) / series.length;
        const relative = series.map((xs) => median(rounds.map((r) => xs[r] / roundMean(r))));
        const [low, high] = [Math.min(...relative), Math.max(...relative)];
        expect(
          (high - low) / low,
          `medians ${medians.map((m) => m.toFixed(1)).join(" / ")} ms; against their round ${relative.map((m) => m.toFixed(3)).join(" / ")}`,
          // A wide margin: the difference this guards against (a skipped hash) is many times the work of the rest.
        ).toBeLessThan(0.5);
      } finally {
        await timed.stop();
      }
    },
  );
});

describe("email ownership", () => {
  it("an account whose email is not verified signs in elsewhere only after it is; the funnel's browser stays signed in", async () => {
    const who = person("Ownership", "ownership.user@example.com");
    const funnel = new Visitor(server.url);
    const { id } = await createSignedClaim(funnel, who);
    expect((await setUpAccount(funnel, id, PASSWORD)).status).toBe(201);
    expect((await funnel.get("/api/me")).status).toBe(200);
    // Account setup's code proved the mailbox, so that account starts verified; one that did not (a partner link's
    // account, which sets its password later) is made here.
    expect(
      (await server.db.query("SELECT email_verified_at FROM users WHERE email = $1", [who.email])).rows[0].email_verified_at,
    ).not.toBeNull();
    await server.db.query("UPDATE users SET email_verified_at = NULL WHERE email = $1", [who.email]);

    const elsewhere = new Visitor(server.url);
    const refused = await elsewhere.post("/api/auth/login", { email: who.email, password: PASSWORD });
    expect(refused).toMatchObject({
      status: 403,
      body: { emailVerificationRequired: true, error: expect.stringMatching(/confirm your email/) },
    });
    expect(elsewhere.cookies.has("session")).toBe(false);
    // The mailed link's token, with the password, verifies and signs in; a made-up token does not.
    expect((await elsewhere.post("/api/auth/login", { email: who.email, password: PASSWORD, verify_token: "x".repeat(43) })).status).toBe(
      403,
    );
    const token = await verificationTokenFor(server.url, who.email);
    expect((await elsewhere.post("/api/auth/login", { email: who.email, password: PASSWORD, verify_token: token })).status).toBe(200);
    expect((await new Visitor(server.url).post("/api/auth/login", { email: who.email, password: PASSWORD })).status).toBe(200);
  });
});

describe("sessions", () => {
  it("end after the idle timeout and at the absolute lifetime; cookies last the absolute lifetime", async () => {
    const who = person("Idle", "idle.user@example.com");
    const visitor = await accountWithPassword(who);
    const login = await visitor.post("/api/auth/login", { email: who.email, password: PASSWORD });
    expect(login.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/Max-Age=604800/);
    expect((await visitor.get("/api/me")).status).toBe(200);
    const { rows } = await server.db.query<{ expires_at: Date; created_at: Date }>(
      "SELECT s.expires_at, s.created_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1 ORDER BY s.created_at DESC LIMIT 1",
      [who.email],
    );
    const days = (new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    await server.db.query(
      "UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      [who.email],
    );
    expect((await visitor.get("/api/me")).status).toBe(401);

    await visitor.post("/api/auth/login", { email: who.email, password: PASSWORD });
    expect((await visitor.get("/api/me")).status).toBe(200);
    await server.db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      [who.email],
    );
    expect((await visitor.get("/api/me")).status).toBe(401);
  });

  it("a funnel token the browser chose owns nothing; only one the server issued does", async () => {
    const chosen = "A".repeat(43);
    const attacker = new Visitor(server.url);
    attacker.cookies.set("funnel_session", chosen);
    const created = await attacker.post("/api/claim-requests", {
      version: "t1",
      step: "personal-details",
      data: formData(person("Fixated")),
    });
    expect(created.status).toBe(201);
    // The server issued its own token instead of adopting the chosen one.
    expect(attacker.cookies.get("funnel_session")).not.toBe(chosen);
    const fixated = new Visitor(server.url);
    fixated.cookies.set("funnel_session", chosen);
    expect((await fixated.get(`/api/claim-requests/${created.body.id}`)).status).toBe(404);
    expect((await attacker.get(`/api/claim-requests/${created.body.id}`)).status).toBe(200);
  });

  it("sign out everywhere ends every session; setting a first password ends the others", async () => {
    const who = person("Everywhere", "everywhere.user@example.com");
    const phone = await accountWithPassword(who);
    const laptop = new Visitor(server.url);
    await laptop.post("/api/auth/login", { email: who.email, password: PASSWORD });
    expect((await phone.get("/api/me")).status).toBe(200);
    expect((await laptop.post("/api/auth/logout-everywhere")).status).toBe(200);
    expect((await phone.get("/api/me")).status).toBe(401);
    expect((await laptop.get("/api/me")).status).toBe(401);

    const linked = person("Firstpassword", "first.password@example.com");
    const claimId = await partnerClaim(SANDBOX_PARTNER, linked);
    const browser = new Visitor(server.url);
    await openLink(browser, SANDBOX_PARTNER, claimId);
    // Someone else holding a session of this account (another device the link was opened on).
    const other = new Visitor(server.url);
    const { createSession } = await import("../auth/sessions");
    const { rows } = await server.db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [linked.email]);
    other.cookies.set(
      "session",
      await createSession(server.db, rows[0].id, { idleMs: 1_800_000, maxMs: 604_800_000 }, { claimRequestId: claimId }),
    );
    expect((await other.get("/api/me")).status).toBe(200);
    expect((await browser.post("/api/account/password", { password: PASSWORD })).status).toBe(200);
    expect((await other.get("/api/me")).status).toBe(401);
    expect((await browser.get("/api/me")).status).toBe(200);
  });
});

describe("passwords", () => {
  it("refuses a common password in plain words, and replaces an scrypt hash with Argon2id on the next sign-in", async () => {
    const who = person("Commonpw", "common.pw@example.com");
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, who);
    const common = await setUpAccount(visitor, id, "iloveyou123");
    expect(common).toMatchObject({ status: 400, body: { error: expect.stringMatching(/one of the most commonly used passwords/) } });

    await accountWithPassword(person("Rehash", "rehash.me@example.com"));
    // PASSWORD's hash as stored before Argon2id (scrypt, N = 2^10).
    const old =
      "scrypt$1024$8$1$vQqaJ5sHBsMRp8liiy6X/g==$u5mBEsXKdWxwosafSiUnRydnnSnP9BMdTBNtFpPnf5rHT2WQixw5CTFwXgU70wxVTq36EVno3fw2xj7nYH+EMQ==";
    await server.db.query("UPDATE users SET password_hash = $2 WHERE email = $1", ["rehash.me@example.com", old]);
    expect((await new Visitor(server.url).post("/api/auth/login", { email: "rehash.me@example.com", password: PASSWORD })).status).toBe(
      200,
    );
    const { rows } = await server.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE email = 'rehash.me@example.com'",
    );
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/); // this test server's cost
    // The new hash signs in; the old one is gone (a wrong password still fails).
    expect((await new Visitor(server.url).post("/api/auth/login", { email: "rehash.me@example.com", password: PASSWORD })).status).toBe(
      200,
    );
    expect(
      (await new Visitor(server.url).post("/api/auth/login", { email: "rehash.me@example.com", password: "not it at all" })).status,
    ).toBe(401);
  });
});

describe("nothing the server knows is taken from the browser", () => {
  it("an SVG signature is refused", async () => {
    const visitor = new Visitor(server.url);
    const who = person("Svg");
    const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(who) });
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>').toString("base64")}`;
    const signed = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: created.body.id,
      data: formData(who, { signature: svg }),
    });
    expect(signed.status).toBe(400);
    expect((await visitor.get(`/api/claim-requests/${created.body.id}`)).body.signed ?? null).not.toBe(true);
  });

  it('provider_type "none" and another brand from the browser are ignored: the claim\'s brand decides', async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, person("Crm"));
    const res = await visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "northgate-kba", provider_type: "none" });
    expect(res.status).toBe(200);
    // The brand's sandbox CRM made the client: not the "none" provider the browser asked for.
    expect(res.body.client.uuid).not.toBe(uuidFrom(`no-crm|${id}`));
    expect(res.body.client.uuid).toBe(uuidFrom(`sandbox-crm|${id}`));
  });
});
