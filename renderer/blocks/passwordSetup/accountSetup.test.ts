import { describe, expect, it } from "vitest";
import { accountPrerequisites, interpretSetupResult } from "./accountSetup";

describe("accountPrerequisites", () => {
  it("needs a claim request first, then an email", () => {
    expect(accountPrerequisites({})).toEqual({ ok: false, error: "No claim request found" });
    expect(accountPrerequisites({ contactDetails: { email: "a@b.co" } })).toEqual({ ok: false, error: "No claim request found" });
    expect(accountPrerequisites({ claim_request_id: "cr-1" })).toEqual({ ok: false, error: "Email is required for account creation" });
    expect(accountPrerequisites({ claim_request_id: "cr-1", contactDetails: { email: "  " } })).toEqual({
      ok: false,
      error: "Email is required for account creation",
    });
  });

  it("reads the email at the block's emailField when one is given", () => {
    const data = { claim_request_id: "cr-1", contactDetails: { email: "old@example.com" }, account: { login: "new@example.com" } };
    expect(accountPrerequisites(data, "account.login")).toEqual({ ok: true, claimRequestId: "cr-1", email: "new@example.com" });
    expect(accountPrerequisites({ claim_request_id: "cr-1", contactDetails: { email: "a@example.com" } }, "account.login")).toEqual({
      ok: false,
      error: "Email is required for account creation",
    });
  });

  it("gives the claim request id and email when both are there", () => {
    expect(accountPrerequisites({ claim_request_id: "cr-1", contactDetails: { email: "jane@example.com" } })).toEqual({
      ok: true,
      claimRequestId: "cr-1",
      email: "jane@example.com",
    });
  });
});

describe("interpretSetupResult", () => {
  it("reads created, existing user and failures", () => {
    expect(interpretSetupResult({ ok: true, status: 200, body: { ok: true, redirect: "/portal" } })).toEqual({ kind: "created" });
    expect(interpretSetupResult({ ok: false, status: 409, body: { existingUser: true } })).toEqual({ kind: "existingUser" });
    expect(interpretSetupResult({ ok: false, status: 409, body: { error: "Conflict" } })).toEqual({ kind: "failed", error: "Conflict" });
    expect(interpretSetupResult({ ok: false, status: 500, body: {} })).toEqual({ kind: "failed", error: "Failed to create account" });
    expect(interpretSetupResult({ ok: false, status: 0, body: { error: "Network error" } })).toEqual({
      kind: "failed",
      error: "Network error",
    });
  });
});
