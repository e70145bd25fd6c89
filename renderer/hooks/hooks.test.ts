import { describe, expect, it, vi } from "vitest";
import { FIXTURE_FIELDS } from "../../test-fixtures/definitions";
import { funnelWith } from "../../engine/testing/funnelWith";
import { getPath, setPath, type FormData } from "../../engine/paths";
import type { FunnelRuntime } from "../runtime/runtime";
import { runHooks } from "../machine/runHooks";
import { claimPayload } from "./shared/claimPayload";

const funnel = funnelWith({
  fields: FIXTURE_FIELDS,
  steps: [
    { id: "get-started", blocks: [] },
    { id: "address", blocks: [] },
    { id: "personal-details", blocks: [] },
  ],
});
const LENDER = "3f1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e01";

function fakeRuntime(initial: FormData, responses: Record<string, { ok: boolean; status: number; body: unknown }> = {}) {
  let data = initial;
  const posts: { path: string; body: unknown }[] = [];
  const runtime = {
    funnel,
    step: funnel.steps[2],
    brand: { brandId: "fairdrive", crm_provider: { provider_type: "sandbox" } },
    query: new URLSearchParams(),
    form: { setError: vi.fn() },
    getData: () => data,
    setValue: (path: string, value: unknown) => (data = setPath(data, path, value)),
    api: {
      get: vi.fn(),
      post: vi.fn(async (path: string, body: unknown) => {
        posts.push({ path, body });
        return responses[path] ?? { ok: true, status: 200, body: {} };
      }),
    },
  } as unknown as FunnelRuntime;
  return { runtime, posts, data: () => data };
}

describe("hooks", () => {
  it("submitClaimRequest sends only defined, non-secret fields and stores the id and reference", async () => {
    const { runtime, posts, data } = fakeRuntime(
      { personalDetails: { firstName: "Sam" }, account: { password: "secret-pass" }, claims: [1], manualLenders: [] },
      { "/api/claim-requests": { ok: true, status: 200, body: { id: "cr-1", claim_reference: "FD-ABC" } } },
    );
    const outcome = await runHooks([{ hook: "submitClaimRequest" }], runtime, "next");
    expect(outcome).toEqual({ ok: true });
    expect(posts[0].body).toEqual({
      version: "t1",
      step: "personal-details",
      claim_request_id: undefined,
      data: { personalDetails: { firstName: "Sam" } },
    });
    expect(data().claim_request_id).toBe("cr-1");
    expect(data().claim_reference).toBe("FD-ABC");
  });
  it("stops at a failing hook, but not at one marked onFailure ignore", async () => {
    const { runtime, posts } = fakeRuntime(
      { claim_request_id: "cr-1" },
      { "/api/crm/clients": { ok: false, status: 502, body: { error: "CRM down" } } },
    );
    const ignored = await runHooks(
      [
        { hook: "crmSync", onFailure: "ignore" },
        { hook: "setValue", field: "hadFinance", value: "yes" },
      ],
      runtime,
      "next",
    );
    expect(ignored.ok).toBe(true);
    expect(runtime.getData().hadFinance).toBe("yes");
    const stopped = await runHooks([{ hook: "crmSync" }, { hook: "setValue", field: "x", value: 1 }], runtime, "next");
    expect(stopped).toEqual({ ok: false, error: "CRM down" });
    expect(runtime.getData().x).toBeUndefined();
    expect(posts).toHaveLength(2);
  });
  it("runs a once hook only once per claim", async () => {
    const { runtime, posts } = fakeRuntime(
      { claim_request_id: "cr-1" },
      { "/api/crm/clients": { ok: true, status: 200, body: { success: true, client: { uuid: "crm-9" } } } },
    );
    await runHooks([{ hook: "crmSync", once: true }], runtime, "next");
    await runHooks([{ hook: "crmSync", once: true }], runtime, "next");
    expect(posts).toHaveLength(1);
    expect(runtime.getData().crm_client_uuid).toBe("crm-9");
  });
  it("requireCondition alerts 'Please sign the form to continue' without a signature", async () => {
    const { runtime } = fakeRuntime({});
    const call = { hook: "requireCondition" as const, condition: { filled: "signature" }, alert: "Please sign the form to continue" };
    expect(await runHooks([call], runtime, "next")).toEqual({ ok: false, error: "Please sign the form to continue", alert: true });
  });
  it("saveClaims manual sends only lenders with UUID ids", async () => {
    const { runtime, posts } = fakeRuntime({
      claim_request_id: "cr-1",
      manualLenders: [
        { id: LENDER, name: "Close Brothers Motor Finance" },
        { id: "mock-1", name: "Mock Lender" },
      ],
    });
    await runHooks([{ hook: "saveClaims", source: "manual" }], runtime, "next");
    expect(posts[0]).toEqual({
      path: "/api/save-claims",
      body: {
        claim_request_id: "cr-1",
        claims: [{ id: `manual-${LENDER}`, lender_id: LENDER, source: "manual" }],
        credit_check_id: undefined,
      },
    });
  });
  it("buildAccountClaims counts credit-check plus valid manual claims as a success", async () => {
    const { runtime, data } = fakeRuntime({
      creditCheckStatus: "partial",
      claims: [{ id: "c1", lender_id: LENDER, lender_name: "A", source: "credit-check" }],
      manualLenders: [
        { id: "4a1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e02", name: "B" },
        { id: "mock-2", name: "C" },
      ],
    });
    await runHooks([{ hook: "buildAccountClaims" }], runtime, "next");
    expect(data().claimsFound).toBe(2);
    expect(data().creditCheckStatus).toBe("success");
    expect((getPath(data(), "accountClaims") as unknown[]).length).toBe(2);
  });
  it("buildAccountClaims records a success with the count after a failed credit check too: the confirmation counts the picks", async () => {
    const { runtime, data } = fakeRuntime({
      creditCheckStatus: "error",
      claims: [],
      manualLenders: [{ id: "4a1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e02", name: "B" }],
    });
    await runHooks([{ hook: "buildAccountClaims" }], runtime, "next");
    expect(data().claimsFound).toBe(1);
    expect(data().creditCheckStatus).toBe("success");
  });
  it("saveClaims and buildAccountClaims read the lender picks from the field their call names", async () => {
    const picks = [{ id: LENDER, name: "Close Brothers Motor Finance" }];
    const { runtime, posts, data } = fakeRuntime({ claim_request_id: "cr-1", claims: [], vehicle: { lenders: picks }, manualLenders: [] });
    await runHooks([{ hook: "saveClaims", source: "manual", lendersField: "vehicle.lenders" }], runtime, "next");
    expect((posts[0].body as { claims: unknown[] }).claims).toEqual([{ id: `manual-${LENDER}`, lender_id: LENDER, source: "manual" }]);
    await runHooks([{ hook: "buildAccountClaims", lendersField: "vehicle.lenders" }], runtime, "next");
    expect(data().claimsFound).toBe(1);
  });
  it("completeSubmission reads the email and lender picks from the fields its call names", async () => {
    const { runtime } = fakeRuntime({
      claim_request_id: "cr-1",
      claims: [],
      contact: { mail: "sam@example.org" },
      picked: [{ id: LENDER, name: "Close Brothers Motor Finance" }],
    });
    // The hook raises its event on window; a bare EventTarget stands in for it here.
    const target = new EventTarget();
    vi.stubGlobal("window", target);
    const events: CustomEvent[] = [];
    target.addEventListener("done-fixture", (e) => events.push(e as CustomEvent));
    await runHooks(
      [{ hook: "completeSubmission", event: "done-fixture", emailField: "contact.mail", lendersField: "picked" }],
      runtime,
      "next",
    );
    vi.unstubAllGlobals();
    expect(events[0].detail).toEqual({ email: "sam@example.org", claimRequestId: "cr-1", claimsFound: 1, manualCount: 1 });
  });
  it("claimPayload leaves out lists and secrets", () => {
    expect(claimPayload(funnel, { signature: "typed:Sam", manualLenders: [{}], account: { password: "x" }, hadFinance: "yes" })).toEqual({
      signature: "typed:Sam",
      hadFinance: "yes",
    });
  });
});
