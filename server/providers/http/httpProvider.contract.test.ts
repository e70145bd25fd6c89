/**
 * The http provider kind against the contract (docs/openapi/providers.yaml):
 * signed requests and answers, one retry for idempotent calls only, every
 * failure typed. Against the stand-in, and a scripted server for answers the
 * stand-in never gives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer } from "../testing/localServer";
import { CreditProviderError } from "../credit/types";
import { IdentityProviderError, type IdentitySubject } from "../identity/types";
import { createHttpProviders } from "./provider";
import { HEADERS, answerBase, requestBase, sign, unixSeconds, verify } from "./signing";
import { STAND_IN_DEFAULT_SECRET, startHttpProviderStandIn, type HttpProviderStandIn } from "./standIn";

const SECRET = STAND_IN_DEFAULT_SECRET;
const person = (lastName: string): IdentitySubject => ({
  title: "Mrs",
  firstName: "Amelia",
  lastName,
  dateOfBirth: "1984-03-17",
  email: "amelia@example.co.uk",
  phoneNumber: "07700 900123",
  postcode: "SW1A 2DX",
});
const creditSubject = (lastName: string) => ({
  ...person(lastName),
  address: { houseNumber: "10", street: "Downing Close", city: "London", postcode: "SW1A 2DX" },
});

let standIn: HttpProviderStandIn;
beforeAll(async () => {
  standIn = await startHttpProviderStandIn();
});
afterAll(async () => {
  await standIn.close();
});
const provider = (timeoutMs = 2000, secret = SECRET) => createHttpProviders({ id: "acme", url: standIn.url, secret, timeoutMs });
const callsSince = (n: number) => standIn.calls.slice(n);

describe("signing", () => {
  it("accepts its own signature, refuses another body, secret or a stale timestamp", () => {
    const at = unixSeconds();
    const base = requestBase(at, "r1", "POST", "/credit-search", "{}");
    const signature = sign(SECRET, base);
    expect(signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verify(SECRET, base, at, signature)).toBe(true);
    expect(verify(SECRET, requestBase(at, "r1", "POST", "/credit-search", "{ }"), at, signature)).toBe(false);
    expect(verify(`${SECRET}x`, base, at, signature)).toBe(false);
    const old = String(Number(at) - 301);
    expect(
      verify(
        SECRET,
        requestBase(old, "r1", "POST", "/credit-search", "{}"),
        old,
        sign(SECRET, requestBase(old, "r1", "POST", "/credit-search", "{}")),
      ),
    ).toBe(false);
  });
});

describe("credit search", () => {
  it("sends a signed request with an Idempotency-Key and reads the signed report", async () => {
    const before = standIn.calls.length;
    const report = await provider().credit.run(creditSubject("Hargreaves"));
    expect(report.provider).toBe("acme");
    expect(report.searchType).toBe("soft");
    expect(report.accounts.length).toBeGreaterThan(0);
    const [call] = callsSince(before);
    expect(call).toMatchObject({ path: "/credit-search", signatureValid: true });
    expect(call.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(call.body.subject).toMatchObject({ first_name: "Amelia", last_name: "Hargreaves", date_of_birth: "1984-03-17" });
  });

  it("a timeout is tried once more with the same Idempotency-Key, then fails as a timeout", async () => {
    const before = standIn.calls.length;
    const error = await provider(300)
      .credit.run(creditSubject("Timeout"))
      .catch((e) => e);
    expect(error).toBeInstanceOf(CreditProviderError);
    expect(error.failure).toBe("timeout");
    const calls = callsSince(before);
    expect(calls).toHaveLength(2);
    expect(calls[0].idempotencyKey).toBe(calls[1].idempotencyKey);
  });

  it("a 5xx is tried once more, then fails", async () => {
    const before = standIn.calls.length;
    const error = await provider()
      .credit.run(creditSubject("Bureauerror"))
      .catch((e) => e);
    expect(error).toBeInstanceOf(CreditProviderError);
    expect(error.failure).toBe("http-5xx");
    expect(callsSince(before)).toHaveLength(2);
  });

  it("an answer with a wrong signature is refused and not retried", async () => {
    const before = standIn.calls.length;
    const error = await provider()
      .credit.run(creditSubject("Badsignature"))
      .catch((e) => e);
    expect(error).toBeInstanceOf(CreditProviderError);
    expect(error.failure).toBe("bad-signature");
    expect(error.message).not.toContain(standIn.url);
    expect(callsSince(before)).toHaveLength(1);
  });

  it("a request signed with the wrong secret is refused by the provider (401), and that answer fails our check too", async () => {
    const before = standIn.calls.length;
    const error = await provider(2000, "a-wrong-secret-of-more-than-32-characters")
      .credit.run(creditSubject("Hargreaves"))
      .catch((e) => e);
    expect(error).toBeInstanceOf(CreditProviderError);
    expect(callsSince(before)[0].signatureValid).toBe(false);
  });
});

describe("identity verification and one-time codes", () => {
  it("ALLOW, CHALLENGE and BLOCK come back as decisions", async () => {
    const { identity } = provider();
    expect(await identity.verifyUser(person("Hargreaves"), "device-1")).toMatchObject({
      decision: "ALLOW",
      verificationId: expect.any(String),
    });
    expect(await identity.verifyUser(person("Challenge"), null)).toMatchObject({
      decision: "CHALLENGE",
      verificationId: expect.any(String),
    });
    expect(await identity.verifyUser(person("Blocknoid"), null)).toEqual({
      decision: "BLOCK",
      verificationId: null,
      message: "Identity could not be confirmed",
    });
  });

  it("a provider failure is an IdentityProviderError", async () => {
    const error = await provider()
      .identity.verifyUser(person("Verifyfail"), null)
      .catch((e) => e);
    expect(error).toBeInstanceOf(IdentityProviderError);
    expect(error.failure).toBe("http-5xx");
  });

  it("checks a code, and sends one", async () => {
    const { identity } = provider();
    expect(await identity.checkCode("v-1", "123456")).toBe(true);
    expect(await identity.checkCode("v-1", "000000")).toBe(false);
    const before = standIn.calls.length;
    await identity.sendCode("v-1");
    expect(callsSince(before)).toEqual([
      { path: "/identity/otp/send", body: { verification_id: "v-1" }, idempotencyKey: null, signatureValid: true },
    ]);
  });
});

describe("KBA", () => {
  it("asks questions and checks the answers", async () => {
    const { kba } = provider();
    const subject = person("Hargreaves");
    const questions = await kba.questions(subject, "claim-1");
    expect(questions.map((q) => q.id)).toEqual(["postcode", "birth-month", "birth-year"]);
    const truths = { postcode: "SW1A 2DX", "birth-month": "March", "birth-year": "1984" } as Record<string, string>;
    const answers = questions.map((q) => ({ question_id: q.id, answer_id: q.options.find((o) => o.label === truths[q.id])!.id }));
    expect(await kba.check(subject, "claim-1", answers)).toBe("success");
    expect(
      await kba.check(
        subject,
        "claim-1",
        answers.map((a) => ({ ...a, answer_id: "wrong" })),
      ),
    ).toBe("failure");
  });
});

describe("answers the stand-in never gives", () => {
  /** A server that signs correctly (or not) whatever it answers. */
  const signedServer = (answer: (n: number) => { status: number; json: unknown; requestId?: string }) =>
    startLocalServer((request, index) => {
      const { status, json, requestId } = answer(index);
      const text = JSON.stringify(json);
      const at = unixSeconds();
      const id = requestId ?? String(request.headers[HEADERS.requestId]);
      return {
        status,
        text,
        headers: { [HEADERS.timestamp]: at, [HEADERS.requestId]: id, [HEADERS.signature]: sign(SECRET, answerBase(at, id, status, text)) },
      };
    });

  it("a signed answer that breaks the contract's shape fails as bad-shape", async () => {
    const server = await signedServer(() => ({ status: 200, json: { decision: "MAYBE", verification_id: null, message: null } }));
    try {
      const error = await createHttpProviders({ id: "acme", url: server.url, secret: SECRET, timeoutMs: 1000 })
        .identity.verifyUser(person("X"), null)
        .catch((e) => e);
      expect(error.failure).toBe("bad-shape");
    } finally {
      await server.close();
    }
  });

  it("an answer signed for another request (a replay) is refused", async () => {
    const server = await signedServer(() => ({ status: 200, json: { valid: true }, requestId: "an-old-request" }));
    try {
      const error = await createHttpProviders({ id: "acme", url: server.url, secret: SECRET, timeoutMs: 1000 })
        .identity.checkCode("v", "123456")
        .catch((e) => e);
      expect(error.failure).toBe("bad-signature");
    } finally {
      await server.close();
    }
  });

  it("a call that is not idempotent (a code check) is not retried after a 5xx", async () => {
    const server = await signedServer(() => ({ status: 503, json: { error: "down" } }));
    try {
      const error = await createHttpProviders({ id: "acme", url: server.url, secret: SECRET, timeoutMs: 1000 })
        .identity.checkCode("v", "123456")
        .catch((e) => e);
      expect(error.failure).toBe("http-5xx");
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
