/**
 * User A's claims and claim requests cannot be read or changed by user B (a
 * signed-in account) or by a stranger (no cookies), through any API route.
 * Every route in server/routes is in the table below; a test at the end fails
 * when a route is added without being listed here.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAffiliateToken, SANDBOX_PARTNER } from "../auth/affiliateLinks";
import {
  PEOPLE,
  Visitor,
  confirmEmail,
  createSignedClaim,
  formData,
  partnerConsumer,
  partnerPost,
  setUpAccount,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";

let server: TestServer;
const PASSWORD = "correct horse battery";
const A = withSurname(PEOPLE.amelia, "Challenge", "amelia.owner@example.co.uk");
const B = withSurname(PEOPLE.rajesh, "Intruder", "rajesh.intruder@example.com");

interface Fixture {
  a: Visitor;
  b: Visitor;
  stranger: Visitor;
  claimId: string;
  reference: string;
  creditCheckId: string;
  verificationId: string;
  bClaimId: string;
}
let f: Fixture;

beforeAll(async () => {
  server = await startTestServer();
  const a = new Visitor(server.url);
  const { id: claimId, claim_reference: reference } = await createSignedClaim(a, A);
  const run = await a.post("/api/credit-check/run", { claim_request_id: claimId });
  expect(run.status).toBe(200);
  const verify = await a.post("/api/credit-check/sandbox/verify-user", {
    clientRefId: claimId,
    personalDetails: { firstName: A.firstName, lastName: A.lastName, dateOfBirth: A.dateOfBirth },
    contactDetails: { email: A.email },
  });
  expect(verify.body.data.decision).toBe("CHALLENGE");
  expect((await setUpAccount(a, claimId, PASSWORD)).status).toBe(201);
  await confirmEmail(server.url, A.email, PASSWORD);

  const b = new Visitor(server.url);
  const { id: bClaimId } = await createSignedClaim(b, B);
  expect((await setUpAccount(b, bClaimId, PASSWORD)).status).toBe(201);
  await confirmEmail(server.url, B.email, PASSWORD);

  f = {
    a,
    b,
    stranger: new Visitor(server.url),
    claimId,
    reference,
    creditCheckId: run.body.creditCheckId,
    verificationId: verify.body.data.verification_id,
    bClaimId,
  };
});
afterAll(async () => {
  await server?.stop();
});

type Call = { method: "GET" | "POST"; path: string; body?: unknown };
interface Row {
  route: string;
  call: () => Call;
  /** What B (signed in, another account) and a stranger get. */
  expectB: number | number[];
  expectStranger: number | number[];
  note?: string;
}

const ROUTES: Row[] = [
  {
    route: "GET /api/claim-requests/:id",
    call: () => ({ method: "GET", path: `/api/claim-requests/${f.claimId}` }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/claim-requests",
    call: () => ({
      method: "POST",
      path: "/api/claim-requests",
      body: { version: "t1", step: "personal-details", claim_request_id: f.claimId, data: formData(withSurname(A, "Hijacked")) },
    }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/crm/clients",
    call: () => ({
      method: "POST",
      path: "/api/crm/clients",
      body: { claim_request_id: f.claimId, brand_id: "fairdrive", provider_type: "sandbox" },
    }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/credit-check/run",
    call: () => ({ method: "POST", path: "/api/credit-check/run", body: { claim_request_id: f.claimId } }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/credit-check/otp",
    call: () => ({
      method: "POST",
      path: "/api/credit-check/otp",
      body: { claim_request_id: f.claimId, verification_id: f.verificationId, code: "123456" },
    }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "GET /api/credit-check/:id (a credit check)",
    call: () => ({ method: "GET", path: `/api/credit-check/${f.creditCheckId}` }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "GET /api/credit-check/:id (a claim request's verification)",
    call: () => ({ method: "GET", path: `/api/credit-check/${f.claimId}` }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/credit-check/:provider/verify-user",
    call: () => ({
      method: "POST",
      path: "/api/credit-check/sandbox/verify-user",
      body: {
        clientRefId: f.claimId,
        personalDetails: { firstName: A.firstName, lastName: A.lastName, dateOfBirth: A.dateOfBirth },
        contactDetails: { email: A.email },
      },
    }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/credit-check/:provider/verify-user (a provider other than the brand's)",
    call: () => ({
      method: "POST",
      path: "/api/credit-check/another-provider/verify-user",
      body: {
        clientRefId: f.claimId,
        personalDetails: { firstName: A.firstName, lastName: A.lastName, dateOfBirth: A.dateOfBirth },
        contactDetails: { email: A.email },
      },
    }),
    expectB: 404,
    expectStranger: 404,
    note: "the provider comes from A's claim's brand; the URL's is refused, and says nothing of A's claim",
  },
  {
    route: "POST /api/otp/verify",
    call: () => ({ method: "POST", path: "/api/otp/verify", body: { verification_id: f.verificationId, code: "123456" } }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/otp/resend",
    call: () => ({ method: "POST", path: "/api/otp/resend", body: { verification_id: f.verificationId } }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "GET /api/kba/questions",
    call: () => ({ method: "GET", path: `/api/kba/questions?claim_request_id=${f.claimId}` }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/kba/answers",
    call: () => ({
      method: "POST",
      path: "/api/kba/answers",
      body: { claim_request_id: f.claimId, answers: [{ question_id: "q1", answer_id: "a1" }] },
    }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/account/check",
    call: () => ({ method: "POST", path: "/api/account/check", body: { claim_request_id: f.claimId } }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/save-claims",
    call: () => ({ method: "POST", path: "/api/save-claims", body: { claim_request_id: f.claimId, manual_lender_ids: [] } }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/account/setup",
    call: () => ({ method: "POST", path: "/api/account/setup", body: { claim_request_id: f.claimId, password: "another password" } }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/account/setup (with a code)",
    call: () => ({
      method: "POST",
      path: "/api/account/setup",
      body: { claim_request_id: f.claimId, password: "another password", code: "123456" },
    }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/account/email-code",
    call: () => ({ method: "POST", path: "/api/account/email-code", body: { claim_request_id: f.claimId } }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/account/email-code/verify",
    call: () => ({ method: "POST", path: "/api/account/email-code/verify", body: { claim_request_id: f.claimId, code: "123456" } }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/account/password",
    call: () => ({ method: "POST", path: "/api/account/password", body: { password: "another password" } }),
    expectB: 409,
    expectStranger: 401,
    note: "acts only on the caller's own account; B already has a password",
  },
  {
    route: "GET /api/portal/claims",
    call: () => ({ method: "GET", path: "/api/portal/claims" }),
    expectB: 200,
    expectStranger: 401,
    note: "B sees only B's claims",
  },
  {
    route: "GET /api/claim-requests/:id/form-data",
    call: () => ({ method: "GET", path: `/api/claim-requests/${f.claimId}/form-data` }),
    expectB: 404,
    expectStranger: 404,
  },
  {
    route: "POST /api/save-return",
    call: () => ({ method: "POST", path: "/api/save-return", body: { claim_request_id: f.claimId, step: "signature", email: B.email } }),
    expectB: 404,
    expectStranger: 404,
    note: "no link to A's claim request is mailed to anyone else",
  },
  {
    route: "GET /api/save-return/enter",
    call: () => ({ method: "GET", path: `/api/save-return/enter?token=${"x".repeat(43)}` }),
    expectB: 302,
    expectStranger: 302,
    note: "to the sign-in page with the refusal; a guessed token opens nothing",
  },
  {
    route: "GET /api/privacy/export",
    call: () => ({ method: "GET", path: "/api/privacy/export" }),
    expectB: 200,
    expectStranger: 401,
    note: "B gets only B's data",
  },
  {
    route: "GET /api/privacy/signature/:claimRequestId",
    call: () => ({ method: "GET", path: `/api/privacy/signature/${f.claimId}` }),
    expectB: 404,
    expectStranger: 401,
  },
  {
    route: "GET /api/privacy/letter-of-authority/:claimRequestId",
    call: () => ({ method: "GET", path: `/api/privacy/letter-of-authority/${f.claimId}` }),
    expectB: 404,
    expectStranger: 401,
  },
  {
    route: "GET /api/privacy/summary-document/:claimRequestId",
    call: () => ({ method: "GET", path: `/api/privacy/summary-document/${f.claimId}` }),
    expectB: 404,
    expectStranger: 401,
  },
  {
    route: "POST /api/privacy/erase",
    call: () => ({ method: "POST", path: "/api/privacy/erase", body: { password: "not the password" } }),
    expectB: 403,
    expectStranger: 401,
    note: "erases only the caller's own data, and only with their password",
  },
  { route: "GET /api/me", call: () => ({ method: "GET", path: "/api/me" }), expectB: 200, expectStranger: 401, note: "B sees only B" },
  {
    route: "GET /api/access",
    call: () => ({ method: "GET", path: "/api/access?version=t1a&step=lenders" }),
    expectB: 200,
    expectStranger: 200,
    note: "{ok:false, redirect}",
  },
  {
    route: "POST /api/auth/login",
    call: () => ({ method: "POST", path: "/api/auth/login", body: { email: A.email, password: "not the password" } }),
    expectB: 401,
    expectStranger: 401,
  },
  {
    route: "POST /api/auth/logout",
    call: () => ({ method: "POST", path: "/api/auth/logout" }),
    expectB: 200,
    expectStranger: 200,
    note: "ends only the caller's session",
  },
  {
    route: "POST /api/auth/logout-everywhere",
    call: () => ({ method: "POST", path: "/api/auth/logout-everywhere" }),
    expectB: 200,
    expectStranger: 401,
    note: "ends only the caller's own account's sessions",
  },
  {
    route: "POST /api/affiliate/enter",
    call: () => ({ method: "POST", path: "/api/affiliate/enter", body: { token: signAffiliateToken(SANDBOX_PARTNER, f.claimId).token } }),
    expectB: 200,
    expectStranger: 200,
    note: "a genuine partner's link for A's public claim request is refused ({redirect: link_invalid}), nobody signed in",
  },
  {
    route: "POST /api/partners/claims",
    call: () => ({ method: "POST", path: "/api/partners/claims", body: { consumer: partnerConsumer(A) } }),
    expectB: 401,
    expectStranger: 401,
    note: "HMAC-signed by a partner only; cookies count for nothing",
  },
  {
    route: "POST /api/partners/claims/:id/link",
    call: () => ({ method: "POST", path: `/api/partners/claims/${f.claimId}/link`, body: {} }),
    expectB: 401,
    expectStranger: 401,
    note: "HMAC-signed by a partner only",
  },
  {
    route: "POST /api/auth/password-reset/request",
    call: () => ({ method: "POST", path: "/api/auth/password-reset/request", body: { email: A.email } }),
    expectB: 200,
    expectStranger: 200,
    note: "neutral answer; the link goes only to A's address",
  },
  {
    route: "POST /api/auth/password-reset/verify",
    call: () => ({ method: "POST", path: "/api/auth/password-reset/verify", body: { token: "x".repeat(43) } }),
    expectB: 200,
    expectStranger: 200,
    note: "{valid:false}",
  },
  {
    route: "POST /api/auth/password-reset",
    call: () => ({ method: "POST", path: "/api/auth/password-reset", body: { token: "x".repeat(43), password: "another password" } }),
    expectB: 400,
    expectStranger: 400,
  },
  {
    route: "GET /api/affiliate/enter",
    call: () => {
      const forged = signAffiliateToken({ id: SANDBOX_PARTNER.id, secret: "a guessed secret that is not the partner's" }, f.claimId).token;
      return { method: "GET", path: `/api/affiliate/enter?token=${encodeURIComponent(forged)}` };
    },
    expectB: 302,
    expectStranger: 302,
    note: "a forged link is refused (302 to /login?status=link_invalid), nobody signed in",
  },
  {
    route: "GET /api/dev/mail",
    call: () => ({ method: "GET", path: "/api/dev/mail?to=nobody@example.com" }),
    expectB: 200,
    expectStranger: 200,
    note: "test-only mailbox, absent in production",
  },
  {
    route: "GET /api/dev/crm",
    call: () => ({ method: "GET", path: "/api/dev/crm?claim_request_id=00000000-0000-4000-8000-000000000000" }),
    expectB: 200,
    expectStranger: 200,
    note: "the sandbox CRM's record, a dev tool absent in production",
  },
  {
    route: "GET /api/lenders",
    call: () => ({ method: "GET", path: "/api/lenders" }),
    expectB: 200,
    expectStranger: 200,
    note: "no user data",
  },
  {
    route: "GET /api/health",
    call: () => ({ method: "GET", path: "/api/health" }),
    expectB: 200,
    expectStranger: 200,
    note: "no user data",
  },
  { route: "GET /api/ready", call: () => ({ method: "GET", path: "/api/ready" }), expectB: 200, expectStranger: 200, note: "no user data" },
  {
    route: "POST /api/address/search",
    call: () => ({ method: "POST", path: "/api/address/search", body: { search: "SW1A 2" } }),
    expectB: 200,
    expectStranger: 200,
    note: "no user data",
  },
  {
    route: "POST /api/analytics/events",
    call: () => ({ method: "POST", path: "/api/analytics/events", body: { v: "t1", e: [{ k: "step_shown", s: "address", a: 0 }] } }),
    expectB: 204,
    expectStranger: 204,
    note: "writes only counts keyed by the caller's own visit cookie; reads nothing",
  },
  {
    route: "POST /api/analytics/opt-out",
    call: () => ({ method: "POST", path: "/api/analytics/opt-out", body: { out: false } }),
    expectB: 204,
    expectStranger: 204,
    note: "sets the caller's own opt-out cookie; no user data",
  },
  {
    route: "POST /api/ops/sign-in",
    call: () => ({ method: "POST", path: "/api/ops/sign-in", body: { username: "nobody", password: "not a password", code: "123456" } }),
    expectB: 401,
    expectStranger: 401,
    note: "operators only, apart from consumers' accounts",
  },
  {
    route: "POST /api/ops/sign-out",
    call: () => ({ method: "POST", path: "/api/ops/sign-out" }),
    expectB: 404,
    expectStranger: 404,
    note: "no operator session: as if there were no such route",
  },
  {
    route: "GET /api/ops/brands",
    call: () => ({ method: "GET", path: "/api/ops/brands" }),
    expectB: 404,
    expectStranger: 404,
    note: "no operator session: as if there were no such route",
  },
  {
    route: "GET /api/ops/report",
    call: () => ({ method: "GET", path: "/api/ops/report?brand=fairdrive&since=2026-01-01" }),
    expectB: 404,
    expectStranger: 404,
    note: "no operator session: as if there were no such route",
  },
  // The portal's progress, payout account and contact details act on the caller's own account only.
  {
    route: "GET /api/portal/progress",
    call: () => ({ method: "GET", path: "/api/portal/progress" }),
    expectB: 200,
    expectStranger: 401,
    note: "B sees only B's claims",
  },
  {
    route: "POST /api/portal/first-visit",
    call: () => ({ method: "POST", path: "/api/portal/first-visit" }),
    expectB: 200,
    expectStranger: 401,
  },
  {
    route: "GET /api/portal/payout-account",
    call: () => ({ method: "GET", path: "/api/portal/payout-account" }),
    expectB: 200,
    expectStranger: 401,
  },
  {
    route: "POST /api/portal/payout-account",
    call: () => ({
      method: "POST",
      path: "/api/portal/payout-account",
      body: { account_name: "Rajesh Intruder", sort_code: "089999", account_number: "66374958" },
    }),
    expectB: [200, 429],
    expectStranger: 401,
    note: "a code to B's own address",
  },
  {
    route: "POST /api/portal/payout-account/confirm",
    call: () => ({ method: "POST", path: "/api/portal/payout-account/confirm", body: { code: "000000" } }),
    expectB: 400,
    expectStranger: 401,
  },
  { route: "GET /api/portal/contact", call: () => ({ method: "GET", path: "/api/portal/contact" }), expectB: 200, expectStranger: 401 },
  {
    route: "POST /api/portal/contact/phone",
    call: () => ({ method: "POST", path: "/api/portal/contact/phone", body: { phone_number: "07700900999" } }),
    expectB: 200,
    expectStranger: 401,
  },
  {
    route: "POST /api/portal/contact/email",
    call: () => ({ method: "POST", path: "/api/portal/contact/email", body: { email: "rajesh.moved@example.com", password: PASSWORD } }),
    expectB: [200, 429],
    expectStranger: 401,
  },
  {
    // A session alone (no password) changes nothing.
    route: "POST /api/portal/contact/email (without the password)",
    call: () => ({ method: "POST", path: "/api/portal/contact/email", body: { email: "rajesh.moved.again@example.com" } }),
    expectB: 400,
    expectStranger: 401,
  },
  {
    route: "POST /api/portal/contact/email/confirm",
    call: () => ({ method: "POST", path: "/api/portal/contact/email/confirm", body: { code: "000000" } }),
    expectB: 400,
    expectStranger: 401,
  },
  {
    route: "POST /api/crm/events",
    call: () => ({
      method: "POST",
      path: "/api/crm/events",
      body: {
        id: "evt_forged_0001",
        type: "claim.stage_changed",
        occurred_at: "2026-01-01T00:00:00Z",
        data: { claim_reference: `${f.reference}-01`, stage: "paid" },
      },
    }),
    expectB: 401,
    expectStranger: 401,
    note: "server to server, signed; a browser's session counts for nothing",
  },
  {
    route: "POST /api/address/retrieve",
    call: () => ({ method: "POST", path: "/api/address/retrieve", body: { id: "not-an-address-id" } }),
    expectB: [404, 400],
    expectStranger: [404, 400],
    note: "no user data",
  },
];

async function send(visitor: Visitor, call: Call) {
  return call.method === "GET" ? visitor.get(call.path) : visitor.post(call.path, call.body ?? {});
}

/** Anything that would identify A or A's claim. */
function leaks(body: unknown): string[] {
  const text = JSON.stringify(body ?? "");
  return [A.email, A.firstName, f.reference, f.creditCheckId].filter((secret) => text.includes(secret));
}

describe("user A's data through every route", () => {
  it("has A's data to protect", async () => {
    const own = await f.a.get(`/api/claim-requests/${f.claimId}`);
    expect(own.status).toBe(200);
    expect(own.body.claims.length).toBeGreaterThan(0);
    expect(leaks(own.body).length).toBeGreaterThan(0);
  });

  for (const row of ROUTES) {
    it(`${row.route}: B gets ${row.expectB}, a stranger ${row.expectStranger}, neither sees A's data`, async () => {
      // Logout ends the caller's session: give B a fresh one first so the later rows still run as B.
      const endsSessions = row.route === "POST /api/auth/logout" || row.route === "POST /api/auth/logout-everywhere";
      if (endsSessions) expect((await f.b.post("/api/auth/login", { email: B.email, password: PASSWORD })).status).toBe(200);
      for (const [who, visitor, expected] of [
        ["B", f.b, row.expectB],
        ["stranger", f.stranger, row.expectStranger],
      ] as const) {
        const res = await send(visitor, row.call());
        expect([expected].flat(), `${who} ${row.route} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        expect(leaks(res.body), `${who} ${row.route} leaked A's data`).toEqual([]);
      }
      if (endsSessions) expect((await f.b.post("/api/auth/login", { email: B.email, password: PASSWORD })).status).toBe(200);
      if (row.route === "POST /api/affiliate/enter") expect(f.stranger.cookies.has("session")).toBe(false);
    });
  }

  it("B's portal and /api/me show only B; /api/access refuses B (no affiliate metadata)", async () => {
    const portal = await f.b.get("/api/portal/claims");
    expect(portal.body.claimRequests.map((r: { id: string }) => r.id)).toEqual([f.bClaimId]);
    expect((await f.b.get("/api/me")).body.user.email).toBe(B.email);
    expect((await f.b.get("/api/access?version=t1a&step=lenders")).body).toEqual({ ok: false, redirect: "/claim" });
    const forged = signAffiliateToken({ id: SANDBOX_PARTNER.id, secret: "a guessed secret that is not the partner's" }, f.claimId).token;
    const res = await f.stranger.post("/api/affiliate/enter", { token: forged });
    expect(res.body.redirect).toBe("/login?status=link_invalid");
    expect(f.stranger.cookies.has("session")).toBe(false);
    // Even a partner's own signed request cannot get a link for A's (public) claim request.
    expect((await partnerPost(server.url, SANDBOX_PARTNER, `/api/partners/claims/${f.claimId}/link`, {})).status).toBe(404);
  });

  it("after all that, A's claim request, claims, credit check and session are unchanged", async () => {
    const own = await f.a.get(`/api/claim-requests/${f.claimId}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ last_name: "Challenge", email: A.email, claim_reference: f.reference });
    const portal = await f.a.get("/api/portal/claims");
    expect(portal.body.claimRequests.map((r: { id: string }) => r.id)).toEqual([f.claimId]);
    expect((await f.a.get(`/api/credit-check/${f.creditCheckId}`)).status).toBe(200);
    // A's password still works (nobody changed it), and A's mail went only to A.
    expect((await new Visitor(server.url).post("/api/auth/login", { email: A.email, password: PASSWORD })).status).toBe(200);
    const mails = (await f.a.get(`/api/dev/mail?to=${encodeURIComponent(A.email)}`)).body.mails;
    expect(mails.every((m: { to: string }) => m.to === A.email)).toBe(true);
  });

  it("lists every route in server/routes", () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const declared = readdirSync(dir)
      .filter((file) => file.endsWith(".ts") && !file.includes(".test."))
      .flatMap((file) =>
        [...readFileSync(path.join(dir, file), "utf8").matchAll(/router\.(get|post|put|patch|delete)\(\s*"([^"]+)"/g)].map(
          ([, method, route]) => `${method.toUpperCase()} /api${route}`,
        ),
      );
    const listed = new Set(ROUTES.map((r) => r.route.replace(/ \(.*\)$/, "").replace(":provider", ":provider")));
    expect([...new Set(declared)].filter((route) => !listed.has(route)).sort()).toEqual([]);
  });
});
