import { describe, expect, it } from "vitest";
import { accountPrerequisites, interpretSetPasswordResult, interpretSetupResult } from "./accountSetup";

// The block passes the site's and its own words; these stand in for them.
const WORDS = {
  noClaimRequest: "No claim yet",
  emailRequired: "Email needed",
  createFailed: "Could not create",
  setPasswordFailed: "Could not set",
};

describe("accountPrerequisites", () => {
  it("needs a claim request first, then an email", () => {
    expect(accountPrerequisites({}, WORDS)).toEqual({ ok: false, error: WORDS.noClaimRequest });
    expect(accountPrerequisites({ contactDetails: { email: "a@b.co" } }, WORDS)).toEqual({ ok: false, error: WORDS.noClaimRequest });
    expect(accountPrerequisites({ claim_request_id: "cr-1" }, WORDS)).toEqual({ ok: false, error: WORDS.emailRequired });
    expect(accountPrerequisites({ claim_request_id: "cr-1", contactDetails: { email: "  " } }, WORDS)).toEqual({
      ok: false,
      error: WORDS.emailRequired,
    });
  });

  it("reads the email at the block's emailField when one is given", () => {
    const data = { claim_request_id: "cr-1", contactDetails: { email: "old@example.com" }, account: { login: "new@example.com" } };
    expect(accountPrerequisites(data, WORDS, "account.login")).toEqual({ ok: true, claimRequestId: "cr-1", email: "new@example.com" });
    expect(accountPrerequisites({ claim_request_id: "cr-1", contactDetails: { email: "a@example.com" } }, WORDS, "account.login")).toEqual({
      ok: false,
      error: WORDS.emailRequired,
    });
  });

  it("gives the claim request id and email when both are there", () => {
    expect(accountPrerequisites({ claim_request_id: "cr-1", contactDetails: { email: "jane@example.com" } }, WORDS)).toEqual({
      ok: true,
      claimRequestId: "cr-1",
      email: "jane@example.com",
    });
  });
});

describe("interpretSetupResult", () => {
  it("reads created, existing user and failures", () => {
    expect(interpretSetupResult({ ok: true, status: 200, body: { ok: true, redirect: "/portal" } }, WORDS)).toEqual({ kind: "created" });
    expect(interpretSetupResult({ ok: false, status: 409, body: { existingUser: true } }, WORDS)).toEqual({ kind: "existingUser" });
    expect(interpretSetupResult({ ok: false, status: 409, body: { error: "Conflict" } }, WORDS)).toEqual({
      kind: "failed",
      error: "Conflict",
    });
    expect(interpretSetupResult({ ok: false, status: 500, body: {} }, WORDS)).toEqual({ kind: "failed", error: WORDS.createFailed });
    expect(interpretSetupResult({ ok: false, status: 0, body: { error: "Network error" } }, WORDS)).toEqual({
      kind: "failed",
      error: "Network error",
    });
  });
});

describe("interpretSetPasswordResult", () => {
  it("reads success, the server's message, else the block's words", () => {
    expect(interpretSetPasswordResult({ ok: true, status: 200, body: {} }, WORDS)).toEqual({ kind: "created" });
    expect(interpretSetPasswordResult({ ok: false, status: 400, body: { error: "Too short" } }, WORDS)).toEqual({
      kind: "failed",
      error: "Too short",
    });
    expect(interpretSetPasswordResult({ ok: false, status: 500, body: {} }, WORDS)).toEqual({
      kind: "failed",
      error: WORDS.setPasswordFailed,
    });
  });
});
