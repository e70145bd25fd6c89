import { describe, expect, it } from "vitest";
import { checkAccessGuard } from "./check-access";

const funnel = (access: unknown) => ({
  routing: { path: "v4" },
  steps: [{ id: "lender-selection" }, { id: "signature" }, { id: "complete" }],
  access,
});
const GOOD = {
  checks: [
    { check: "signedIn", otherwise: "/claim" },
    { check: "userMetadata", keys: ["affiliate_token", "claim_request_id"], otherwise: "/claim" },
    { check: "claimRequest", idFrom: "claim_request_id", otherwise: "/claim" },
    { check: "claimNotSigned", otherwise: "/portal", exceptSteps: ["complete"] },
  ],
  load: "claimRequest",
};

describe("access guard lint", () => {
  it("accepts the v4 guard and a funnel without one", () => {
    expect(checkAccessGuard(funnel(GOOD))).toEqual([]);
    expect(checkAccessGuard({ steps: [] })).toEqual([]);
  });

  it("reports checks out of order, missing parts, bad targets and unknown steps", () => {
    const messages = checkAccessGuard(
      funnel({
        checks: [
          { check: "userMetadata", otherwise: "/claim/v4/signature" },
          { check: "claimRequest", idFrom: "other_key", otherwise: "/nowhere" },
          { check: "claimNotSigned", otherwise: "/portal", exceptSteps: ["finish"], keys: ["x"] },
        ],
        load: "claimRequest",
      }),
    ).map((f) => `${f.path} ${f.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^\/access\/checks\/0\/otherwise '\/claim\/v4\/signature' is not a site page/),
      "/access/checks/0/otherwise '/claim/v4/signature' is guarded by this same check and would loop",
      "/access/checks/0/check 'userMetadata' reads the signed-in user, so a signedIn check must come before it",
      "/access/checks/0/keys userMetadata needs the metadata keys it requires in 'keys'",
      expect.stringMatching(/^\/access\/checks\/1\/otherwise '\/nowhere' is not a site page/),
      "/access/checks/1/check 'claimRequest' reads the signed-in user, so a signedIn check must come before it",
      "/access/checks/1/idFrom metadata key 'other_key' is not required by an earlier userMetadata check",
      "/access/checks/2/check 'claimNotSigned' reads the signed-in user, so a signedIn check must come before it",
      "/access/checks/2/keys 'keys' is only used by userMetadata checks",
      "/access/checks/2/exceptSteps/0 There is no step 'finish' in this funnel",
    ]);
    expect(checkAccessGuard(funnel({ checks: [{ check: "signedIn", otherwise: "/claim" }], load: "claimRequest" }))[0].message).toBe(
      "loading the claim request needs a claimRequest check",
    );
  });

  it("an affiliate entry names a step of the funnel and needs a guard that reads the link's claim", () => {
    expect(checkAccessGuard({ ...funnel(GOOD), affiliateEntry: { step: "signature" } })).toEqual([]);
    expect(checkAccessGuard({ ...funnel(GOOD), affiliateEntry: { step: "nowhere" } }).map((f) => [f.path, f.code])).toEqual([
      ["/affiliateEntry/step", "missing-target"],
    ]);
    const unguarded = checkAccessGuard({ routing: { path: "open" }, steps: [{ id: "start" }], affiliateEntry: { step: "start" } });
    expect(unguarded.map((f) => [f.path, f.code])).toEqual([["/affiliateEntry", "access-guard"]]);
  });
});
