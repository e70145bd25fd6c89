/** The sandbox identity personas of the v3 credit-check screen: one-time codes, verification refusals, report faults. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, createSignedClaim, startTestServer, withSurname, type TestServer } from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function claimFor(surname: string) {
  const visitor = new Visitor(server.url);
  const { id } = await createSignedClaim(visitor, withSurname(PEOPLE.amelia, surname));
  return { visitor, id };
}

describe("surname Otp", () => {
  it("answers otp-required, refuses a wrong code, accepts 123456, then the run succeeds", async () => {
    const { visitor, id } = await claimFor("Otp");
    const first = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: "otp-required", verification_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const verification_id = first.body.verification_id;

    const wrong = await visitor.post("/api/credit-check/otp", { claim_request_id: id, verification_id, code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      success: false,
      error: "The code you entered is not correct. Check it and try again.",
      attemptsRemaining: 2,
    });

    const right = await visitor.post("/api/credit-check/otp", { claim_request_id: id, verification_id, code: "123456" });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ success: true, verified: true });

    const second = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(second.body).toMatchObject({ status: "success", creditCheckId: expect.any(String) });
    expect(second.body.claimsFound).toBeGreaterThanOrEqual(2);
  });

  it("locks a code after three wrong tries; a new code (another run) works", async () => {
    const { visitor, id } = await claimFor("Otp");
    const { verification_id } = (await visitor.post("/api/credit-check/run", { claim_request_id: id })).body;
    const tries = [];
    for (let i = 0; i < 3; i++)
      tries.push(await visitor.post("/api/credit-check/otp", { claim_request_id: id, verification_id, code: "111111" }));
    expect(tries.map((t) => t.status)).toEqual([400, 400, 429]);
    expect(tries[2].body.error).toBe("You have entered too many incorrect codes. Request a new code.");
    const locked = await visitor.post("/api/credit-check/otp", { claim_request_id: id, verification_id, code: "123456" });
    expect(locked.status).toBe(429);

    const fresh = (await visitor.post("/api/credit-check/run", { claim_request_id: id })).body;
    expect(fresh.verification_id).not.toBe(verification_id);
    const old = await visitor.post("/api/credit-check/otp", { claim_request_id: id, verification_id, code: "123456" });
    expect(old.status).toBe(404);
    const ok = await visitor.post("/api/credit-check/otp", {
      claim_request_id: id,
      verification_id: fresh.verification_id,
      code: "123456",
    });
    expect(ok.status).toBe(200);
  });

  it("checks the body and who is asking", async () => {
    const { visitor, id } = await claimFor("Otp");
    const { verification_id } = (await visitor.post("/api/credit-check/run", { claim_request_id: id })).body;
    expect((await visitor.post("/api/credit-check/otp", { claim_request_id: id, verification_id, code: "12345" })).status).toBe(400);
    expect((await visitor.post("/api/credit-check/otp", { claim_request_id: id, verification_id })).status).toBe(400);
    const stranger = new Visitor(server.url);
    const theirs = await stranger.post("/api/credit-check/otp", { claim_request_id: id, verification_id, code: "123456" });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe("No claim request found");
  });
});

describe("surname Otpretry", () => {
  it("fails the run after a verified code with 503", async () => {
    const { visitor, id } = await claimFor("Otpretry");
    const { verification_id } = (await visitor.post("/api/credit-check/run", { claim_request_id: id })).body;
    expect((await visitor.post("/api/credit-check/otp", { claim_request_id: id, verification_id, code: "123456" })).status).toBe(200);
    const retry = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(retry.status).toBe(503);
  });
});

describe("verification refusals", () => {
  it.each([
    ["Verifyfail", { decision: null, message: null }],
    ["Blocked", { decision: "BLOCK", message: "Identity could not be confirmed" }],
    ["Unverified", { decision: "BLOCK", message: null }],
  ])("%s answers verification-failed", async (surname, expected) => {
    const { visitor, id } = await claimFor(surname);
    const res = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "verification-failed", ...expected });
    const record = await visitor.get(`/api/claim-requests/${id}`);
    expect(record.body.claims).toEqual([]);
  });
});

describe("report faults", () => {
  it("Reportfail: the run succeeds but fetching the report answers 502", async () => {
    const { visitor, id } = await claimFor("Reportfail");
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(run.body.status).toBe("success");
    const report = await visitor.get(`/api/credit-check/${run.body.creditCheckId}`);
    expect(report.status).toBe(502);
    expect(report.body.error).toBe("Failed to fetch credit report: 502");
  });

  it("Garbled: the report comes back unreadable", async () => {
    const { visitor, id } = await claimFor("Garbled");
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    const report = await visitor.get(`/api/credit-check/${run.body.creditCheckId}`);
    expect(report.status).toBe(200);
    expect(report.body.data.credit_report).toBeNull();
  });

  it("anyone else's report reads normally", async () => {
    const { visitor, id } = await claimFor("Hargreaves");
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    const report = await visitor.get(`/api/credit-check/${run.body.creditCheckId}`);
    expect(report.body.data.credit_report.accounts.length).toBeGreaterThan(0);
  });
});
