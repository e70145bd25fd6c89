// @vitest-environment jsdom
/** The credit check machine's hooks, on a fixture runtime and fixture messages. */
import { describe, expect, it, vi } from "vitest";
import type { CreditSearchMessages } from "../../schema/hooks.schema";
import { FakeApi } from "../blocks/testing/fakeApi";
import { setPath, type FormData } from "../../engine/paths";
import type { FunnelRuntime } from "../runtime/runtime";
import { creditCheckProgress } from "./creditCheckProgress";
import { identityBeforeCreditCheck } from "./identityBeforeCreditCheck";
import { nextStep } from "./nextStep";
import { runCreditSearch } from "./runCreditSearch";

const MESSAGES: CreditSearchMessages = {
  failed: "Fixture: failed",
  verificationFailed: "Fixture: not verified",
  verificationDecision: "Fixture: {decision} ({message})",
  unknownReason: "none",
  reportUnreadable: "Fixture: unreadable",
  retryFailed: "Fixture: retry failed",
  fetchFailed: "Fixture: fetch {status}",
};

const IDENTITY = {
  hook: "identityBeforeCreditCheck" as const,
  messages: {
    missingData: "Fixture: details missing",
    verificationFailed: "Fixture: not checked",
    blockedWithoutId: "Fixture: blocked",
    noVerificationId: "Fixture: no id",
  },
};

function fakeRuntime(initial: FormData, kind: "affiliate" | "standard" = "standard") {
  let data = initial;
  const api = new FakeApi();
  const runtime = {
    brand: { brandId: "b", credit_check_provider_id: "sandbox", credit_check_providers: { name: "x", provider_type: kind } },
    getData: () => data,
    setValue: (path: string, value: unknown) => (data = setPath(data, path, value)),
    goNext: vi.fn(async () => undefined),
    api,
  } as unknown as FunnelRuntime;
  return { runtime, api, data: () => data };
}

describe("creditCheckProgress", () => {
  it("needsClaim without a reference (or fails with missingClaim), creditChecked once checked, else ready", async () => {
    expect(await creditCheckProgress({ hook: "creditCheckProgress" }, fakeRuntime({ claim_request_id: "c" }).runtime)).toEqual({
      ok: true,
      outcome: "needsClaim",
    });
    expect(await creditCheckProgress({ hook: "creditCheckProgress", missingClaim: "Fixture: none" }, fakeRuntime({}).runtime)).toEqual({
      ok: false,
      error: "Fixture: none",
    });
    const claim = { claim_request_id: "c", claim_reference: "R-1" };
    expect(await creditCheckProgress({ hook: "creditCheckProgress" }, fakeRuntime(claim).runtime)).toEqual({ ok: true, outcome: "ready" });
    const checked = fakeRuntime({ ...claim, creditCheckId: "cc", creditCheckStatus: "error" }).runtime;
    expect(await creditCheckProgress({ hook: "creditCheckProgress" }, checked)).toEqual({ ok: true, outcome: "creditChecked" });
  });
});

describe("runCreditSearch", () => {
  it("otp keeps the verification id; failed keeps the definition's message", async () => {
    const otp = fakeRuntime({ claim_request_id: "c" });
    otp.api.reply("POST", "/api/credit-check/run", { body: { status: "otp-required", verification_id: "v-9" } });
    expect(await runCreditSearch({ hook: "runCreditSearch", messages: MESSAGES }, otp.runtime)).toEqual({ ok: true, outcome: "otp" });
    expect(otp.data().verification_id).toBe("v-9");

    const down = fakeRuntime({ claim_request_id: "c" });
    down.api.reply("POST", "/api/credit-check/run", { status: 503, body: {} });
    expect(await runCreditSearch({ hook: "runCreditSearch", retry: true, messages: MESSAGES }, down.runtime)).toEqual({
      ok: true,
      outcome: "failed",
    });
    expect(down.data()).toMatchObject({ creditCheckStatus: "error", creditCheckError: "Fixture: retry failed" });
  });
});

describe("identityBeforeCreditCheck", () => {
  it("is clear for other providers, and for an affiliate one with an earlier verification", async () => {
    expect(await identityBeforeCreditCheck(IDENTITY, fakeRuntime({}).runtime)).toEqual({ ok: true, outcome: "clear" });
    const known = fakeRuntime({ claim_request_id: "c" }, "affiliate");
    known.api.reply("GET", "/api/credit-check/c", { body: { data: { verification_id: "v-1" } } });
    expect(await identityBeforeCreditCheck(IDENTITY, known.runtime)).toEqual({ ok: true, outcome: "clear" });
  });

  it("refused is kept as the check's error outcome, in the call's words", async () => {
    const missing = fakeRuntime({ claim_request_id: "c" }, "affiliate");
    missing.api.reply("GET", "/api/credit-check/c", { body: { data: { verification_id: null } } });
    expect(await identityBeforeCreditCheck(IDENTITY, missing.runtime)).toEqual({ ok: true, outcome: "refused" });
    expect(missing.data()).toMatchObject({ creditCheckStatus: "error", creditCheckError: "Fixture: details missing", claimsFound: 0 });
  });
});

describe("nextStep", () => {
  it("moves on as Next does", async () => {
    const { runtime } = fakeRuntime({});
    expect(await nextStep({ hook: "nextStep" }, runtime)).toEqual({ ok: true });
    expect(runtime.goNext).toHaveBeenCalledTimes(1);
  });
});
