/**
 * Claim progress in the portal: signed CRM events (out of order, repeated, badly signed) move a
 * claim through its stages and mail the claimant; the payout account is checked, confirmed by a
 * mailed code, stored sealed, shown masked and handed to the CRM; email and phone corrections.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../lenders/catalogue";
import { runClaimProgressContract } from "../store/claimProgress.contract";
import { SANDBOX_CRM_EVENTS_SECRET, signEvent } from "../crm/eventSignature";
import { startWebhookReceiver, type WebhookReceiver } from "../../testing/crmWebhookReceiver";
import {
  PEOPLE,
  Visitor,
  createSignedClaim,
  startTestServer,
  withSurname,
  type TestPerson,
  type TestServer,
  setUpAccount,
} from "../testing/harness";

const WEBHOOK_SECRET = "whsec_test_0123456789abcdef";
let server: TestServer;
let receiver: WebhookReceiver;
const catalogue = loadCatalogue();

beforeAll(async () => {
  receiver = await startWebhookReceiver({ secret: WEBHOOK_SECRET });
  server = await startTestServer({
    captureLog: true,
    env: { CRM_PROVIDER: "webhook", CRM_WEBHOOK_URL: receiver.url, CRM_WEBHOOK_SECRET: WEBHOOK_SECRET, OUTBOX_POLL_MS: "20" },
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

let seq = 0;
/** A signed-up claimant with one claim (a manual lender pick) and a CRM client. */
async function claimant(surname: string) {
  const person: TestPerson = withSurname(PEOPLE.amelia, surname, `amelia.${surname.toLowerCase()}${++seq}@example.co.uk`);
  const visitor = new Visitor(server.url);
  const request = await createSignedClaim(visitor, person);
  const lender = catalogue.lenders.find((l) => l.name === "Black Horse")!;
  const saved = await visitor.post("/api/save-claims", {
    claim_request_id: request.id,
    claims: [{ id: "tmp-1", lender_id: lender.id, source: "manual" }],
  });
  expect(saved.status).toBe(200);
  expect((await setUpAccount(visitor, request.id, "correct horse battery")).status).toBe(201);
  expect(
    (await visitor.post("/api/crm/clients", { claim_request_id: request.id, brand_id: "fairdrive", provider_type: "sandbox" })).status,
  ).toBe(200);
  return { person, visitor, request, claimReference: saved.body.data.claims[0].claim_reference as string };
}

function event(claimReference: string, stage: string, occurredAt: string, extra: { id?: string; amount?: number } = {}) {
  return {
    id: extra.id ?? `evt_${Math.random().toString(36).slice(2, 14)}`,
    type: "claim.stage_changed",
    occurred_at: occurredAt,
    data: { claim_reference: claimReference, stage, ...(extra.amount ? { amount: extra.amount } : {}) },
  };
}

async function postEvent(body: unknown, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const raw = JSON.stringify(body);
  const signed = signEvent(raw, options.secret ?? SANDBOX_CRM_EVENTS_SECRET, options.timestamp);
  const res = await fetch(`${server.url}/api/crm/events`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-timestamp": signed.timestamp, "x-signature": options.signature ?? signed.signature },
    body: raw,
  });
  return { status: res.status, body: await res.json() };
}

const progressOf = async (visitor: Visitor) => (await visitor.get("/api/portal/progress")).body.claims[0];
const mailsTo = async (email: string) =>
  (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).body.mails as { subject: string; text: string }[];

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("POST /api/crm/events", () => {
  it("moves a claim through stages, shows the amount only once known, and mails the claimant a portal link", async () => {
    const { person, visitor, claimReference } = await claimant("Stages");
    const before = await progressOf(visitor);
    expect(before).toMatchObject({ stage: "submitted", amount: null });
    expect(before.timeline.map((t: { state: string }) => t.state)).toEqual([
      "current",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
    ]);

    expect(await postEvent(event(claimReference, "lender-contacted", "2026-01-10T09:00:00Z"))).toMatchObject({
      status: 200,
      body: { applied: true, duplicate: false },
    });
    expect(await postEvent(event(claimReference, "offer", "2026-03-02T09:00:00Z", { amount: 1234.5 }))).toMatchObject({
      status: 200,
      body: { applied: true },
    });
    const after = await progressOf(visitor);
    expect(after).toMatchObject({ stage: "offer", amount: 1234.5 });
    expect(after.timeline.find((t: { stage: string }) => t.stage === "lender-contacted")).toMatchObject({
      state: "done",
      reached_at: "2026-01-10T09:00:00.000Z",
    });
    expect(after.timeline.find((t: { stage: string }) => t.stage === "paid")).toMatchObject({ state: "upcoming", reached_at: null });
    // Passed by without going to the ombudsman: shown as skipped, not done.
    expect(after.timeline.map((t: { state: string }) => t.state)).toEqual([
      "done",
      "done",
      "done",
      "skipped",
      "current",
      "upcoming",
      "upcoming",
    ]);

    const mails = await until(
      () => mailsTo(person.email),
      (m) => m.filter((x) => /claim:/.test(x.subject)).length >= 2,
    );
    const offerMail = mails.find((m) => m.subject.endsWith(": Offer"))!;
    expect(offerMail.text).toContain(claimReference);
    expect(offerMail.text).toMatch(/http:\/\/\S+\/portal/);
  });

  it("ignores a repeat of the same event id and never moves a claim back for an older event", async () => {
    const { person, visitor, claimReference } = await claimant("Ordering");
    const paid = event(claimReference, "paid", "2026-05-01T12:00:00Z", { id: "evt_paid_ordering_1", amount: 900 });
    expect((await postEvent(paid)).body).toMatchObject({ applied: true, duplicate: false });
    expect((await postEvent(paid)).body).toMatchObject({ duplicate: true });
    // An older event arrives late: recorded for the timeline, not applied.
    expect((await postEvent(event(claimReference, "lender-response", "2026-02-01T12:00:00Z", { amount: 100 }))).body).toMatchObject({
      applied: false,
    });
    const progress = await progressOf(visitor);
    expect(progress).toMatchObject({ stage: "paid", amount: 900 });
    expect(progress.timeline.find((t: { stage: string }) => t.stage === "lender-response").reached_at).toBe("2026-02-01T12:00:00.000Z");
    const { rows } = await server.db.query("SELECT count(*)::int AS n FROM crm_events WHERE event_id = $1", ["evt_paid_ordering_1"]);
    expect(rows[0].n).toBe(1);
    // One mail for the one stage change (the repeat and the late event send none).
    await new Promise((r) => setTimeout(r, 100));
    expect((await mailsTo(person.email)).filter((m) => /claim:/.test(m.subject))).toHaveLength(1);
  });

  it("refuses a bad signature, a wrong secret, a stale timestamp and a tampered body, changing nothing", async () => {
    const { visitor, claimReference } = await claimant("Signed");
    const body = event(claimReference, "closed", new Date().toISOString());
    expect(await postEvent(body, { signature: "0".repeat(64) })).toMatchObject({
      status: 401,
      body: { error: "Signature or timestamp not valid" },
    });
    expect((await postEvent(body, { secret: "someone-elses-secret-of-enough-length!" })).status).toBe(401);
    expect((await postEvent(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    const signed = signEvent(JSON.stringify(body), SANDBOX_CRM_EVENTS_SECRET);
    const tampered = await fetch(`${server.url}/api/crm/events`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-timestamp": signed.timestamp, "x-signature": signed.signature },
      body: JSON.stringify({ ...body, data: { ...body.data, stage: "paid" } }),
    });
    expect(tampered.status).toBe(401);
    expect((await progressOf(visitor)).stage).toBe("submitted");
    expect(server.log()).toContain("CRM event refused");
  });

  it("answers 400 for an unknown stage and 404 for an unknown claim reference", async () => {
    expect((await postEvent(event("FD-NOPE-01", "offer", "2026-01-01T00:00:00Z"))).status).toBe(404);
    expect(
      (await postEvent({ ...event("FD-NOPE-01", "offer", "2026-01-01T00:00:00Z"), data: { claim_reference: "x", stage: "won" } })).status,
    ).toBe(400);
  });
});

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? "";

describe("the payout account", () => {
  it("refuses a sort code and account number that fail the modulus check, with a clear message", async () => {
    const { visitor } = await claimant("Badbank");
    const res = await visitor.post("/api/portal/payout-account", {
      account_name: "Amelia Badbank",
      sort_code: "93-80-63",
      account_number: "15763217",
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.account_number).toMatch(/do not go together/);
    const format = await visitor.post("/api/portal/payout-account", { account_name: "A", sort_code: "12-34", account_number: "1234" });
    expect(format.body.fields).toMatchObject({
      sort_code: expect.stringMatching(/6-digit/),
      account_number: expect.stringMatching(/8-digit/),
    });
    expect((await visitor.get("/api/portal/payout-account")).body).toEqual({ account: null, pending: false });
  });

  it("confirms a valid account by mailed code, stores it sealed, shows it masked and hands it to the CRM", async () => {
    const { person, visitor, request } = await claimant("Payout");
    const asked = await visitor.post("/api/portal/payout-account", {
      account_name: "Amelia Payout",
      sort_code: "08-99-99",
      account_number: "6637 4958",
    });
    expect(asked).toMatchObject({ status: 200, body: { pending: true } });
    const code = codeIn((await mailsTo(person.email))[0].text);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await visitor.post("/api/portal/payout-account/confirm", { code: code === "000000" ? "111111" : "000000" });
    expect(wrong).toMatchObject({ status: 400, body: { attemptsRemaining: 4 } });
    const confirmed = await visitor.post("/api/portal/payout-account/confirm", { code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.account).toMatchObject({ sort_code: "••-••-99", account_number: "••••4958" });
    // Spent: the same code does nothing twice.
    expect((await visitor.post("/api/portal/payout-account/confirm", { code })).status).toBe(400);

    const { rows } = await server.db.query<{ sealed: string }>(
      "SELECT p.sealed FROM payout_accounts p JOIN users u ON u.id = p.user_id WHERE u.email = $1",
      [person.email],
    );
    expect(rows[0].sealed).toMatch(/^enc1:/);
    expect(rows[0].sealed).not.toContain("66374958");

    const delivered = await until(
      async () =>
        receiver.received.filter(
          (r) => r.eventType === "client.payout_account_updated" && JSON.parse(r.body).data.claim_request_id === request.id,
        ),
      (list) => list.length > 0,
    );
    expect(delivered[0].signatureValid).toBe(true);
    expect(JSON.parse(delivered[0].body).data.payout_account).toEqual({
      account_name: "Amelia Payout",
      sort_code: "089999",
      account_number: "66374958",
    });
    expect((await mailsTo(person.email)).some((m) => /payout account was changed/.test(m.subject) && m.text.includes("••••4958"))).toBe(
      true,
    );
    expect(server.log()).not.toContain("66374958");
  });

  it("is the signed-in user's only", async () => {
    const stranger = new Visitor(server.url);
    expect((await stranger.get("/api/portal/payout-account")).status).toBe(401);
    expect(
      (await stranger.post("/api/portal/payout-account", { account_name: "X", sort_code: "089999", account_number: "66374958" })).status,
    ).toBe(401);
    expect((await stranger.get("/api/portal/progress")).status).toBe(401);
  });
});

describe("correcting contact details", () => {
  it("verifies a new email address by a code sent to it, then tells the old address", async () => {
    const { person, visitor } = await claimant("Moving");
    const newEmail = `moved.${Date.now()}@example.org`;
    const asked = await visitor.post("/api/portal/contact/email", { email: newEmail, password: "correct horse battery" });
    expect(asked.body).toMatchObject({ pending: true });
    expect((await visitor.get("/api/portal/contact")).body).toMatchObject({ email: person.email, pendingEmail: true });
    const code = codeIn((await mailsTo(newEmail))[0].text);
    expect((await visitor.post("/api/portal/contact/email/confirm", { code })).body).toEqual({ email: newEmail });
    expect((await visitor.get("/api/portal/contact")).body).toMatchObject({ email: newEmail, pendingEmail: false });
    expect((await mailsTo(person.email)).some((m) => /email address was changed/.test(m.subject))).toBe(true);
    // Signing in now uses the new address.
    const login = await new Visitor(server.url).post("/api/auth/login", {
      email: newEmail,
      password: "correct horse battery",
      redirect: "/portal",
    });
    expect(login.status).toBe(200);
  });

  it("refuses an address another account has, once the code proves the mailbox", async () => {
    const first = await claimant("Owner");
    const { visitor } = await claimant("Taker");
    await visitor.post("/api/portal/contact/email", { email: first.person.email, password: "correct horse battery" });
    const code = codeIn((await mailsTo(first.person.email)).find((m) => /confirmation code/.test(m.subject))!.text);
    expect(await visitor.post("/api/portal/contact/email/confirm", { code })).toMatchObject({ status: 409 });
  });

  it("updates the mobile number after checking it", async () => {
    const { visitor } = await claimant("Phone");
    expect((await visitor.post("/api/portal/contact/phone", { phone_number: "12345" })).status).toBe(400);
    expect((await visitor.post("/api/portal/contact/phone", { phone_number: "+44 7700 900999" })).body).toEqual({
      phone_number: "07700900999",
    });
    expect((await visitor.get("/api/portal/contact")).body.phone_number).toBe("07700900999");
  });
});

describe("the portal's first visit", () => {
  it("is told once: first_login is cleared by the first visit, and the account is no longer new", async () => {
    const { person, visitor } = await claimant("Welcome");
    expect((await visitor.post("/api/portal/first-visit", {})).body).toEqual({
      firstVisit: true,
      fromV2Confirmation: false,
      firstName: "Amelia",
    });
    expect((await visitor.post("/api/portal/first-visit", {})).body).toMatchObject({ firstVisit: false });
    const { rows } = await server.db.query<{ metadata: Record<string, unknown> }>("SELECT metadata FROM users WHERE email = $1", [
      person.email,
    ]);
    expect(rows[0].metadata).toMatchObject({ first_login: false, is_new_user: false, password_set: true });
    expect((await new Visitor(server.url).post("/api/portal/first-visit", {})).status).toBe(401);
  });
});

describe("the claim progress SQL on PGlite", () => {
  it("passes the contract it also passes on PostgreSQL", async () => {
    await runClaimProgressContract(server.db);
  });
});

describe("uncommon email domains", () => {
  it("are logged by their top-level domain only, and the claim goes ahead", async () => {
    const person = withSurname(PEOPLE.rajesh, "Rare", "rajesh.rare@example.xyz");
    await createSignedClaim(new Visitor(server.url), person);
    const line = server
      .log()
      .split("\n")
      .find((l) => l.includes("uncommon email domain"));
    expect(line).toContain('"tld":"xyz"');
    expect(server.log()).not.toContain("rajesh.rare");
  });
});
