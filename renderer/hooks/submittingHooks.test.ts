// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { submittingFunnel } from "../testing/submittingFunnel";
import { setPath, type FormData } from "../../engine/paths";
import { FakeApi } from "../blocks/testing/fakeApi";
import { runStateHooks } from "../machine/runStateHooks";
import type { FunnelRuntime } from "../runtime/runtime";
import { checkExistingUser } from "./checkExistingUser";
import { sendEmailCode } from "./sendEmailCode";
import { checkSubmissionProgress } from "./checkSubmissionProgress";
import { completeSubmission } from "./completeSubmission";
import { navigate } from "./navigate";
import { runCreditCheck } from "./runCreditCheck";
import { verifyIdentity } from "./verifyIdentity";
import { waitForEvent } from "./waitForEvent";
import type { Boot } from "../boot";
import { ensureTestBoot, FIXTURE_TEXT } from "../testing/siteText";

// The hooks' own messages are the site's words: the tests' content file's.
const WORDS = FIXTURE_TEXT.common;
beforeAll(() => ensureTestBoot({} as Omit<Boot, "text">));

const CLAIM = "5b0d3c1e-2f4a-4b6c-8d9e-0a1b2c3d4e5f";
const LENDER = "3f1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e01";
const PERSON = {
  claim_request_id: CLAIM,
  personalDetails: { title: "Mrs", firstName: "Amelia", lastName: "Hargreaves", dateOfBirth: "1984-03-17" },
  contactDetails: { email: "amelia@example.com", phoneNumber: "07700900123", isTermsPolicyAgreed: true },
  address: { houseNumber: "10", street: "Downing Close", city: "London", postcode: "SW1A 2DX" },
};

function fakeRuntime(initial: FormData, kind: "affiliate" | "kba" | "standard" = "standard") {
  let data = initial;
  const api = new FakeApi();
  const runtime = {
    funnel: submittingFunnel,
    step: submittingFunnel.steps.find((s) => s.id === "submitting")!,
    brand: { brandId: "b", credit_check_provider_id: "sandbox", credit_check_providers: { name: "x", provider_type: kind } },
    query: new URLSearchParams(),
    getData: () => data,
    setValue: (path: string, value: unknown) => (data = setPath(data, path, value)),
    api,
    goTo: vi.fn(),
    goToStep: vi.fn(),
  } as unknown as FunnelRuntime;
  return { runtime, api, data: () => data };
}

const verifyPath = "/api/credit-check/sandbox/verify-user";
const verifyReply = (data: Record<string, unknown> | null, success = true, status = 200) => ({
  status,
  body: { success, data, error: success ? null : "x" },
});

describe("checkSubmissionProgress (checking-existing)", () => {
  it("says what is done in this session", async () => {
    const done = fakeRuntime({ ...PERSON, creditCheckId: "cc-1", creditCheckStatus: "success" });
    expect(await checkSubmissionProgress({ hook: "checkSubmissionProgress" }, done.runtime)).toEqual({
      ok: true,
      outcome: "creditChecked",
    });
    const account = fakeRuntime({ ...PERSON, creditCheckId: "cc-1", creditCheckStatus: "partial", isNewUser: true });
    expect(await checkSubmissionProgress({ hook: "checkSubmissionProgress" }, account.runtime)).toEqual({
      ok: true,
      outcome: "accountChecked",
    });
  });

  it("non-affiliate providers need no verification; the affiliate one looks it up", async () => {
    const standard = fakeRuntime(PERSON, "kba");
    expect(await checkSubmissionProgress({ hook: "checkSubmissionProgress" }, standard.runtime)).toEqual({
      ok: true,
      outcome: "noVerification",
    });
    expect(standard.api.calls).toHaveLength(0);

    const found = fakeRuntime(PERSON, "affiliate");
    found.api.reply("GET", `/api/credit-check/${CLAIM}`, { body: { data: { verification_id: "v-9" } } });
    expect(await checkSubmissionProgress({ hook: "checkSubmissionProgress" }, found.runtime)).toEqual({
      ok: true,
      outcome: "verificationFound",
    });
    expect(found.data().verification_id).toBe("v-9");

    const none = fakeRuntime(PERSON, "affiliate");
    none.api.reply("GET", `/api/credit-check/${CLAIM}`, { body: { data: { verification_id: null } } });
    expect(await checkSubmissionProgress({ hook: "checkSubmissionProgress" }, none.runtime)).toEqual({
      ok: true,
      outcome: "verificationNeeded",
    });
  });
});

describe("verifyIdentity (verifying)", () => {
  it("'Missing required data for verification' without the claim or the person's details", async () => {
    const { runtime, api } = fakeRuntime({ ...PERSON, address: {} }, "affiliate");
    expect(await verifyIdentity({ hook: "verifyIdentity" }, runtime)).toEqual({
      ok: false,
      error: WORDS.missingData,
    });
    expect(api.calls).toHaveLength(0);
  });

  it("reads the details under the groups its params name", async () => {
    const moved = { claim_request_id: CLAIM, applicant: PERSON.personalDetails, reach: PERSON.contactDetails, home: PERSON.address };
    const { runtime, api } = fakeRuntime(moved, "affiliate");
    api.reply("POST", verifyPath, verifyReply({ decision: "ALLOW", verification_id: "v-2", message: null }));
    expect(
      await verifyIdentity({ hook: "verifyIdentity", personalDetails: "applicant", contactDetails: "reach", address: "home" }, runtime),
    ).toEqual({ ok: true, outcome: "ALLOW" });
    expect(api.calls[0].body).toMatchObject({
      personalDetails: { firstName: "Amelia" },
      contactDetails: { email: "amelia@example.com" },
      address: { postcode: "SW1A 2DX" },
    });
    const defaults = fakeRuntime(moved, "affiliate");
    expect(await verifyIdentity({ hook: "verifyIdentity" }, defaults.runtime)).toEqual({
      ok: false,
      error: WORDS.missingData,
    });
  });

  it("sends the spec's body and branches on the decision", async () => {
    for (const decision of ["ALLOW", "CHALLENGE", "BLOCK"]) {
      const { runtime, api, data } = fakeRuntime(PERSON, "affiliate");
      api.reply("POST", verifyPath, verifyReply({ decision, verification_id: "v-1", message: null }));
      expect(await verifyIdentity({ hook: "verifyIdentity" }, runtime)).toEqual({ ok: true, outcome: decision });
      expect(data().verification_id).toBe("v-1");
      expect(api.calls[0].body).toMatchObject({
        clientRefId: CLAIM,
        personalDetails: { lastName: "Hargreaves" },
        contactDetails: { email: "amelia@example.com" },
        address: { postcode: "SW1A 2DX" },
        device_session_id: expect.any(String),
      });
    }
  });

  it.each([
    ["BLOCK without an id", verifyReply({ decision: "BLOCK", verification_id: null }), WORDS.blockedWithoutId],
    ["ALLOW without an id", verifyReply({ decision: "ALLOW", verification_id: null }), WORDS.noVerificationId],
    ["CHALLENGE without an id", verifyReply({ decision: "CHALLENGE" }), WORDS.noVerificationId],
    ["a provider failure", verifyReply(null, false, 502), WORDS.verificationFailed],
    ["success false", verifyReply({ decision: "ALLOW", verification_id: "v" }, false, 200), WORDS.verificationFailed],
    ["an unknown decision", verifyReply({ decision: "MAYBE", verification_id: "v" }), WORDS.verificationFailed],
  ])("%s → '%s'", async (_name, reply, message) => {
    const { runtime, api } = fakeRuntime(PERSON, "affiliate");
    api.reply("POST", verifyPath, reply);
    expect(await verifyIdentity({ hook: "verifyIdentity" }, runtime)).toEqual({ ok: false, error: message });
  });
});

describe("runCreditCheck (credit-check)", () => {
  it("keeps status, id and the claims marked credit-check", async () => {
    const { runtime, api, data } = fakeRuntime(PERSON);
    api.reply("POST", "/api/credit-check/run", {
      body: {
        status: "partial",
        errorMessage: "incomplete",
        creditCheckId: "cc-1",
        claims: [{ id: "c1", lender_name: "A" }],
        claimsFound: 1,
      },
    });
    expect(await runCreditCheck({ hook: "runCreditCheck" }, runtime)).toEqual({ ok: true });
    expect(data()).toMatchObject({
      creditCheckStatus: "partial",
      creditCheckId: "cc-1",
      claimsFound: 1,
      claims: [{ id: "c1", source: "credit-check" }],
    });
  });

  it("'Credit check failed' or the server's message", async () => {
    const plain = fakeRuntime(PERSON);
    plain.api.reply("POST", "/api/credit-check/run", { status: 500, body: {} });
    expect(await runCreditCheck({ hook: "runCreditCheck" }, plain.runtime)).toEqual({ ok: false, error: WORDS.creditCheckFailed });
    const server = fakeRuntime(PERSON);
    server.api.reply("POST", "/api/credit-check/run", {
      body: { status: "error", errorMessage: "We couldn't process your credit report. Please try again." },
    });
    expect(await runCreditCheck({ hook: "runCreditCheck" }, server.runtime)).toEqual({
      ok: false,
      error: "We couldn't process your credit report. Please try again.",
    });
    expect(server.data().creditCheckStatus).toBe("error");
    const unexpected = fakeRuntime(PERSON);
    unexpected.api.reply("POST", "/api/credit-check/run", { body: { status: "otp-required" } });
    expect((await runCreditCheck({ hook: "runCreditCheck" }, unexpected.runtime)).ok).toBe(false);
  });
});

describe("checkExistingUser (account-creation)", () => {
  it("existingUser, or newUser marking the user new; failures say 'Failed to check user status'", async () => {
    const existing = fakeRuntime(PERSON);
    existing.api.reply("POST", "/api/account/check", { body: { existingUser: true } });
    expect(await checkExistingUser({ hook: "checkExistingUser" }, existing.runtime)).toEqual({ ok: true, outcome: "existingUser" });
    const fresh = fakeRuntime(PERSON);
    fresh.api.reply("POST", "/api/account/check", { body: { existingUser: false } });
    expect(await checkExistingUser({ hook: "checkExistingUser" }, fresh.runtime)).toEqual({ ok: true, outcome: "newUser" });
    expect(fresh.data().isNewUser).toBe(true);
    // Until the mailed code proves the email, no answer about accounts: the machine has the code entered first.
    const unproven = fakeRuntime(PERSON);
    unproven.api.reply("POST", "/api/account/check", { body: { existingUser: false, emailVerified: false } });
    expect(await checkExistingUser({ hook: "checkExistingUser" }, unproven.runtime)).toEqual({ ok: true, outcome: "emailUnproven" });
    expect(unproven.data().isNewUser).toBeUndefined();
    const broken = fakeRuntime(PERSON);
    broken.api.reply("POST", "/api/account/check", { status: 500, body: {} });
    expect(await checkExistingUser({ hook: "checkExistingUser" }, broken.runtime)).toEqual({
      ok: false,
      error: WORDS.userStatusFailed,
    });
  });
});

describe("sendEmailCode (account-creation)", () => {
  it("sends the code (a code sent a moment ago counts as sent); other failures stop with the server's message", async () => {
    const sent = fakeRuntime(PERSON);
    sent.api.reply("POST", "/api/account/email-code", { body: { ok: true } });
    expect(await sendEmailCode({ hook: "sendEmailCode" }, sent.runtime)).toEqual({ ok: true, outcome: "sent" });
    const recent = fakeRuntime(PERSON);
    recent.api.reply("POST", "/api/account/email-code", { status: 429, body: { error: "We have just sent you a code." } });
    expect(await sendEmailCode({ hook: "sendEmailCode" }, recent.runtime)).toEqual({ ok: true, outcome: "sent" });
    const broken = fakeRuntime(PERSON);
    broken.api.reply("POST", "/api/account/email-code", { status: 400, body: { error: "Email is required for account creation" } });
    expect(await sendEmailCode({ hook: "sendEmailCode" }, broken.runtime)).toEqual({
      ok: false,
      error: "Email is required for account creation",
    });
  });
});

describe("complete", () => {
  it("counts credit-check plus valid manual claims and raises submitting-complete-v2 with the spec's detail", async () => {
    const { runtime, data } = fakeRuntime({
      ...PERSON,
      claims: [{ id: "c1", lender_id: "x", lender_name: "A", source: "credit-check" }],
      claimsFound: 1,
      manualLenders: [
        { id: LENDER, name: "Moneybarn" },
        { id: "mock-1", name: "Mock" },
      ],
    });
    const events: unknown[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener("submitting-complete-v2", listener);
    const result = await runStateHooks(
      [
        { hook: "completeSubmission", event: "submitting-complete-v2" },
        { hook: "navigate", step: "confirmation" },
      ],
      runtime,
      (name) => ({ completeSubmission, navigate })[name as "navigate"] as never,
    );
    window.removeEventListener("submitting-complete-v2", listener);
    expect(result).toEqual({ ok: true });
    expect(events).toEqual([{ email: "amelia@example.com", claimRequestId: CLAIM, claimsFound: 2, manualCount: 1 }]);
    expect(data().claimsFound).toBe(2);
    expect(runtime.goToStep).toHaveBeenCalledWith("confirmation");
  });

  it("navigate to a site path uses goTo", async () => {
    const { runtime } = fakeRuntime(PERSON);
    await navigate({ hook: "navigate", href: "/login?redirect=/portal&status=existing_user" }, runtime);
    expect(runtime.goTo).toHaveBeenCalledWith("/login?redirect=/portal&status=existing_user");
  });

  it("waitForEvent resolves with 'received' once the event is raised", async () => {
    const { runtime } = fakeRuntime(PERSON);
    const waiting = waitForEvent({ hook: "waitForEvent", event: "one-time-code-verified" }, runtime);
    window.dispatchEvent(new CustomEvent("one-time-code-verified"));
    expect(await waiting).toEqual({ ok: true, outcome: "received" });
  });
});
