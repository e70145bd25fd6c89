import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailCodeFor,
  PEOPLE,
  Visitor,
  createSignedClaim,
  formData,
  startTestServer,
  withSurname,
  type TestPerson,
  type TestServer,
  setUpAccount,
} from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function verifyBody(id: string, person: TestPerson) {
  const data = formData(person);
  return {
    clientRefId: id,
    personalDetails: data.personalDetails,
    contactDetails: data.contactDetails,
    address: data.address,
    device_session_id: "dev-1",
  };
}

/** Each person a phone number of their own (Ofcom's drama range): verifications are capped per number. */
let phones = 0;
const ownPhone = (person: TestPerson): TestPerson => ({ ...person, phoneNumber: `07700 900${String(100 + ++phones).padStart(3, "0")}` });

async function verified(surname: string) {
  const visitor = new Visitor(server.url);
  const person = ownPhone(withSurname(PEOPLE.amelia, surname));
  const { id } = await createSignedClaim(visitor, person);
  const res = await visitor.post("/api/credit-check/sandbox/verify-user", verifyBody(id, person));
  return { visitor, id, person, res };
}

describe("POST /api/credit-check/:provider/verify-user (sandbox personas)", () => {
  it("ALLOWs anyone else with a verification id, which the lookup then finds", async () => {
    const { visitor, id, res } = await verified("Hargreaves");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { decision: "ALLOW", verification_id: expect.any(String), message: null },
      error: null,
    });
    const lookup = await visitor.get(`/api/credit-check/${id}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toMatchObject({ claim_request_id: id, verification_id: res.body.data.verification_id, decision: "ALLOW" });
  });

  it("Challenge answers CHALLENGE; the lookup finds nothing until the code is verified", async () => {
    const { visitor, id, res } = await verified("Challenge");
    expect(res.body.data.decision).toBe("CHALLENGE");
    expect((await visitor.get(`/api/credit-check/${id}`)).body.data.verification_id).toBeNull();
    const ok = await visitor.post("/api/otp/verify", { verification_id: res.body.data.verification_id, code: "123456" });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true });
    expect((await visitor.get(`/api/credit-check/${id}`)).body.data.verification_id).toBe(res.body.data.verification_id);
  });

  it("Block with an id, Blocknoid and Allownoid without one, Verifyfail fails", async () => {
    expect((await verified("Block")).res.body.data).toMatchObject({ decision: "BLOCK", verification_id: expect.any(String) });
    expect((await verified("Blocknoid")).res.body.data).toMatchObject({ decision: "BLOCK", verification_id: null });
    expect((await verified("Allownoid")).res.body.data).toMatchObject({ decision: "ALLOW", verification_id: null });
    const failing = await verified("Verifyfail");
    expect(failing.res.status).toBe(502);
    expect(failing.res.body).toEqual({ success: false, data: null, error: "Verification failed" });
  });

  it("refuses another visitor's claim (404), an unknown provider (404), bad input (400) and a mismatched person (400)", async () => {
    const { id, person } = await verified("Hargreaves");
    const stranger = new Visitor(server.url);
    const other = await stranger.post("/api/credit-check/sandbox/verify-user", verifyBody(id, person));
    expect(other.status).toBe(404);
    expect(other.body.error).toBe("No claim request found");
    const owner = new Visitor(server.url);
    const mine = await createSignedClaim(owner, PEOPLE.rajesh);
    expect((await owner.post("/api/credit-check/nobody/verify-user", verifyBody(mine.id, PEOPLE.rajesh))).status).toBe(404);
    const bad = await owner.post("/api/credit-check/sandbox/verify-user", { clientRefId: "nope" });
    expect(bad.status).toBe(400);
    const mismatch = await owner.post("/api/credit-check/sandbox/verify-user", verifyBody(mine.id, withSurname(PEOPLE.rajesh, "Someone")));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe("Missing required data for verification");
  });
});

describe("one-time codes", () => {
  it("counts down three wrong codes with attemptsRemaining, then locks; a new code gives no more guesses", async () => {
    const { visitor, res } = await verified("Challenge");
    const verification_id = res.body.data.verification_id;
    const first = await visitor.post("/api/otp/verify", { verification_id, code: "000000" });
    expect(first.status).toBe(400);
    expect(first.body).toEqual({ success: false, error: "That code is not right. You have 2 attempts left.", attemptsRemaining: 2 });
    expect((await visitor.post("/api/otp/verify", { verification_id, code: "111111" })).body.attemptsRemaining).toBe(1);
    const third = await visitor.post("/api/otp/verify", { verification_id, code: "222222" });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({
      success: false,
      attemptsRemaining: 0,
      error: "You have entered too many incorrect codes. Request a new code.",
    });
    // Even the right code is refused once locked.
    expect((await visitor.post("/api/otp/verify", { verification_id, code: "123456" })).status).toBe(429);
    const resent = await visitor.post("/api/otp/resend", { verification_id });
    expect(resent.body).toEqual({ success: true, expiresInMinutes: 10 });
    expect((await visitor.post("/api/otp/verify", { verification_id, code: "123456" })).status).toBe(429);
  });

  it("an expired code is refused", async () => {
    const { visitor, res } = await verified("Challenge");
    await server.db.query("UPDATE identity_verifications SET otp_expires_at = now() - interval '1 minute' WHERE verification_id = $1", [
      res.body.data.verification_id,
    ]);
    const late = await visitor.post("/api/otp/verify", { verification_id: res.body.data.verification_id, code: "123456" });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe("This code has expired. Request a new code.");
  });

  it("another visitor cannot use or resend someone's verification; bad codes are 400", async () => {
    const { visitor, res } = await verified("Challenge");
    const stranger = new Visitor(server.url);
    expect((await stranger.post("/api/otp/verify", { verification_id: res.body.data.verification_id, code: "123456" })).status).toBe(404);
    expect((await stranger.post("/api/otp/resend", { verification_id: res.body.data.verification_id })).status).toBe(404);
    expect((await visitor.post("/api/otp/verify", { verification_id: res.body.data.verification_id, code: "12ab" })).status).toBe(400);
  });

  it("stops resending after five codes", async () => {
    const { visitor, res } = await verified("Challenge");
    const verification_id = res.body.data.verification_id;
    for (let i = 0; i < 4; i++) expect((await visitor.post("/api/otp/resend", { verification_id })).status).toBe(200);
    expect((await visitor.post("/api/otp/resend", { verification_id })).status).toBe(429);
  });
});

describe("GET /api/credit-check/:id disambiguation", () => {
  it("a credit check id still answers the report; a stranger's claim id is 404", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, ownPhone(PEOPLE.rajesh));
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    const report = await visitor.get(`/api/credit-check/${run.body.creditCheckId}`);
    expect(report.status).toBe(200);
    expect(report.body.data.credit_report).toBeTruthy();
    const lookup = await visitor.get(`/api/credit-check/${id}`);
    expect(lookup.body.data).toEqual({ claim_request_id: id, verification_id: null, decision: null });
    const stranger = new Visitor(server.url);
    const hidden = await stranger.get(`/api/credit-check/${id}`);
    expect(hidden.status).toBe(404);
    expect((await stranger.get(`/api/credit-check/${run.body.creditCheckId}`)).status).toBe(404);
  });
});

describe("KBA questions", () => {
  async function questionsFor(surname: string) {
    const visitor = new Visitor(server.url);
    const person = ownPhone(withSurname(PEOPLE.amelia, surname));
    const { id } = await createSignedClaim(visitor, person);
    const res = await visitor.get(`/api/kba/questions?claim_request_id=${id}`);
    return {
      visitor,
      id,
      person,
      questions: res.body.questions as { id: string; text: string; options: { id: string; label: string }[] }[],
    };
  }
  const truthful = (questions: Awaited<ReturnType<typeof questionsFor>>["questions"]) =>
    questions.map((q) => {
      const truth = { postcode: "SW1A 2DX", "birth-month": "March", "birth-year": "1984" }[q.id]!;
      return { question_id: q.id, answer_id: q.options.find((o) => o.label === truth)!.id };
    });

  it("asks three questions with four options each, the same every time; true answers pass, a wrong one fails", async () => {
    const { visitor, id, questions } = await questionsFor("Hargreaves");
    expect(questions.map((q) => q.id)).toEqual(["postcode", "birth-month", "birth-year"]);
    for (const q of questions) expect(q.options).toHaveLength(4);
    expect((await visitor.get(`/api/kba/questions?claim_request_id=${id}`)).body.questions).toEqual(questions);
    const answers = truthful(questions);
    expect((await visitor.post("/api/kba/answers", { claim_request_id: id, answers })).body).toEqual({ status: "success" });
    const wrong = answers.map((a, i) => (i === 1 ? { ...a, answer_id: questions[1].options.find((o) => o.label !== "March")!.id } : a));
    expect((await visitor.post("/api/kba/answers", { claim_request_id: id, answers: wrong })).body).toEqual({ status: "failure" });
  });

  it("Kbafail always fails, Kbamanual is a manual override", async () => {
    const fail = await questionsFor("Kbafail");
    expect(
      (await fail.visitor.post("/api/kba/answers", { claim_request_id: fail.id, answers: truthful(fail.questions) })).body.status,
    ).toBe("failure");
    const manual = await questionsFor("Kbamanual");
    const anyAnswers = manual.questions.map((q) => ({ question_id: q.id, answer_id: q.options[0].id }));
    expect((await manual.visitor.post("/api/kba/answers", { claim_request_id: manual.id, answers: anyAnswers })).body.status).toBe(
      "manual-override",
    );
  });

  it("is owner-only and validates input", async () => {
    const { id, questions } = await questionsFor("Hargreaves");
    const stranger = new Visitor(server.url);
    expect((await stranger.get(`/api/kba/questions?claim_request_id=${id}`)).status).toBe(404);
    expect((await stranger.post("/api/kba/answers", { claim_request_id: id, answers: truthful(questions) })).status).toBe(404);
    expect((await stranger.get(`/api/kba/questions?claim_request_id=x`)).status).toBe(400);
    expect((await stranger.post("/api/kba/answers", { claim_request_id: id, answers: [] })).status).toBe(400);
  });
});

describe("POST /api/account/check", () => {
  it("says whether the email has an account only once its code has proven the mailbox; 404 for a stranger", async () => {
    const email = `check.${Date.now()}@example.com`;
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, { ...PEOPLE.siobhan, email });
    expect((await visitor.post("/api/account/check", { claim_request_id: id })).body).toEqual({
      existingUser: false,
      emailVerified: false,
    });
    expect((await new Visitor(server.url).post("/api/account/check", { claim_request_id: id })).status).toBe(404);
    const setup = await setUpAccount(visitor, id, "correct horse battery");
    expect(setup.status).toBe(201);
    const again = new Visitor(server.url);
    const second = await createSignedClaim(again, { ...PEOPLE.siobhan, email });
    // Not proven yet: the same answer as for a new email.
    expect((await again.post("/api/account/check", { claim_request_id: second.id })).body).toEqual({
      existingUser: false,
      emailVerified: false,
    });
    // The claim the account holds: its owner is told so.
    expect((await visitor.post("/api/account/check", { claim_request_id: id })).body).toEqual({ existingUser: true, emailVerified: true });
    // Once the mailed code proves the mailbox, it may say so.
    expect((await again.post("/api/account/email-code", { claim_request_id: second.id })).status).toBe(200);
    const verified = await again.post("/api/account/email-code/verify", {
      claim_request_id: second.id,
      code: await emailCodeFor(server.url, email),
    });
    expect(verified.body).toEqual({ verified: true, existingUser: true });
    expect((await again.post("/api/account/check", { claim_request_id: second.id })).body).toEqual({
      existingUser: true,
      emailVerified: true,
    });
  });
});

describe("an affiliate-kind brand's credit check waits for the identity check", () => {
  async function affiliateClaim(surname: string) {
    const visitor = new Visitor(server.url);
    const person = ownPhone(withSurname(PEOPLE.amelia, surname));
    const created = await visitor.post("/api/claim-requests?brand=quickcheck-affiliate", {
      version: "t1",
      step: "personal-details",
      data: formData(person),
    });
    expect(created.status).toBe(201);
    return { visitor, person, id: created.body.id as string };
  }

  it("refuses to search before a usable verification, then searches after ALLOW", async () => {
    const { visitor, person, id } = await affiliateClaim("Hargreaves");
    const early = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(early.status).toBe(403);
    expect(early.body.error).toBe("Please verify your identity before the credit check.");
    const verify = await visitor.post("/api/credit-check/sandbox/verify-user", verifyBody(id, person));
    expect(verify.body.data.decision).toBe("ALLOW");
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(run.status).toBe(200);
    expect(run.body.status).toBe("success");
  });

  it("a CHALLENGE only counts once its code is verified", async () => {
    const { visitor, person, id } = await affiliateClaim("Challenge");
    const verify = await visitor.post("/api/credit-check/sandbox/verify-user", verifyBody(id, person));
    expect(verify.body.data.decision).toBe("CHALLENGE");
    expect((await visitor.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(403);
    await visitor.post("/api/otp/verify", { verification_id: verify.body.data.verification_id, code: "123456" });
    expect((await visitor.post("/api/credit-check/run", { claim_request_id: id })).status).toBe(200);
  });
});
