// @vitest-environment jsdom
import { act, cleanup, configure, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FunnelRuntime, HookOutcome } from "../../runtime/runtime";
import { deferred, FakeApi, type ScriptedResponse } from "../testing/fakeApi";
import { renderBlock } from "../testing/renderBlock";
import type { FunnelDefinition } from "../../../schema/types";
import { CreditCheckBlock } from "./CreditCheckBlock";
import fixtureJson from "./fixtures/credit-check-funnel.json";

// The machine answers through several awaited steps; on a busy machine that can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });
const waitLonger = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5000 });

/** A fixture funnel: the credit check's machine and copy, not the shipped funnels'. */
const FIXTURE = fixtureJson as unknown as FunnelDefinition;

const mocks = vi.hoisted(() => ({
  submitClaimRequest: vi.fn<(call: unknown, runtime: FunnelRuntime) => Promise<HookOutcome>>(),
  reloadPage: vi.fn(),
}));
vi.mock("../../hooks/submitClaimRequest", () => ({ submitClaimRequest: mocks.submitClaimRequest }));
vi.mock("./pageActions", () => ({ reloadPage: mocks.reloadPage }));

const CLAIM = { claim_request_id: "cr-1", claim_reference: "MFC-0001" };
const SUCCESS = {
  status: "success",
  errorMessage: null,
  creditCheckId: "cc-9",
  claimsFound: 2,
  claims: [
    { id: "k1", lender_id: "l1", lender_name: "Black Horse", start_date: "2016-03-05" },
    { id: "k2", lender_id: "l2", lender_name: "MotoNovo Finance", start_date: null },
  ],
};

const REPORT = { body: { data: { credit_report: { provider: "sandbox", accounts: [] } } } };

function setup(
  options: {
    data?: Record<string, unknown>;
    run?: ScriptedResponse | (() => Promise<ScriptedResponse>);
    runs?: ScriptedResponse[];
    report?: ScriptedResponse;
    otp?: ScriptedResponse[];
    goNext?: () => Promise<void>;
    props?: Record<string, unknown>;
  } = {},
) {
  const api = new FakeApi()
    .reply("POST", "/api/credit-check/run", ...(options.runs ?? [options.run ?? { body: SUCCESS }]))
    .reply("GET", /^\/api\/credit-check\/[^/]+$/, options.report ?? REPORT)
    .reply("POST", "/api/credit-check/otp", ...(options.otp ?? [{ body: { success: true, verified: true } }]));
  return renderBlock("creditCheck", CreditCheckBlock, {
    funnel: FIXTURE,
    api,
    data: options.data ?? CLAIM,
    goNext: options.goNext,
    props: options.props as never,
  });
}

describe("CreditCheckBlock", () => {
  const events: CustomEvent[] = [];
  const listen = (e: Event) => events.push(e as CustomEvent);
  beforeEach(() => {
    events.length = 0;
    window.addEventListener("credit-check-complete", listen);
    mocks.submitClaimRequest.mockReset();
    mocks.reloadPage.mockReset();
  });
  afterEach(() => {
    window.removeEventListener("credit-check-complete", listen);
    cleanup();
    vi.useRealTimers();
  });

  it("runs the check once, stores the outcome, raises the completion event and moves on", async () => {
    const { api, goNext, value } = setup();
    expect(screen.getByRole("heading", { level: 1, name: "Fixture: checking" })).toBeTruthy();
    await waitLonger(() => expect(goNext).toHaveBeenCalledTimes(1));

    expect(api.calls).toEqual([
      { method: "POST", path: "/api/credit-check/run", body: { claim_request_id: "cr-1" } },
      { method: "GET", path: "/api/credit-check/cc-9" },
    ]);
    expect(value("creditCheckStatus")).toBe("success");
    expect(value("creditCheckId")).toBe("cc-9");
    expect(value("creditCheckError")).toBe("");
    expect(value("claimsFound")).toBe(2);
    const claims = value("claims") as Record<string, unknown>[];
    expect(claims.map((c) => [c.id, c.source])).toEqual([
      ["k1", "credit-check"],
      ["k2", "credit-check"],
    ]);
    expect(events).toHaveLength(1);
    expect(events[0].detail).toEqual({ status: "success", errorMessage: "", claimsFound: 2, claims, creditCheckId: "cc-9" });
  });

  it("shows the progress steps advancing while the check runs", async () => {
    vi.useFakeTimers();
    const answer = deferred<ScriptedResponse>();
    const { api, goNext } = setup({ run: () => answer.promise });
    const items = () => screen.getAllByRole("listitem");
    await waitLonger(() => expect(api.calls).toHaveLength(1));
    expect(items().map((li) => li.textContent)).toEqual(["1Stage one (now)", "2Stage two (later)", "3Stage three (later)"]);
    expect(items()[0].getAttribute("aria-current")).toBe("step");
    expect(screen.getByText("Stage 1 of 3: Stage one").getAttribute("aria-live")).toBe("polite");
    expect(document.querySelector(".creditCheck__spinner")!.getAttribute("aria-hidden")).toBe("true");

    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(items()[0].textContent).toBe("✓Stage one (done)");
    expect(items()[1].getAttribute("aria-current")).toBe("step");
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(items()[2].getAttribute("aria-current")).toBe("step"); // waits on the last step
    expect(goNext).not.toHaveBeenCalled();

    await act(async () => {
      answer.resolve({ body: SUCCESS });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(items().every((li) => li.textContent!.includes("(done)"))).toBe(true);
    expect(screen.getByText("All stages done")).toBeTruthy();
    expect(goNext).toHaveBeenCalledTimes(1);
  });

  it("moves on with status error and the server's message when the check reports an error", async () => {
    const { goNext, value } = setup({
      run: { body: { status: "error", errorMessage: "Verification failed", claims: [{ id: "x" }], claimsFound: 4 } },
    });
    await waitLonger(() => expect(goNext).toHaveBeenCalledTimes(1));
    expect(value("creditCheckStatus")).toBe("error");
    expect(value("creditCheckError")).toBe("Verification failed");
    expect(value("claimsFound")).toBe(0);
    expect(value("claims")).toEqual([]);
    expect(events[0].detail).toMatchObject({ status: "error", errorMessage: "Verification failed", claimsFound: 0, claims: [] });
  });

  it("moves on with the definition's message when the request fails", async () => {
    const { goNext, value } = setup({ run: { status: 500, body: {} } });
    await waitLonger(() => expect(goNext).toHaveBeenCalledTimes(1));
    expect(value("creditCheckStatus")).toBe("error");
    expect(value("creditCheckError")).toBe("Fixture: check failed");
    expect(events[0].detail).toMatchObject({ status: "error", errorMessage: "Fixture: check failed" });
  });

  it("does not run the check again for a claim already checked", async () => {
    const { api, goNext } = setup({ data: { ...CLAIM, creditCheckId: "cc-9", creditCheckStatus: "success" } });
    await waitLonger(() => expect(goNext).toHaveBeenCalledTimes(1));
    expect(api.calls).toHaveLength(0);
    expect(events).toHaveLength(0);
  });

  it("offers to submit the details when there is no claim reference, then runs the check", async () => {
    const submitted = deferred<HookOutcome>();
    mocks.submitClaimRequest.mockImplementation(async (_call, runtime) => {
      const outcome = await submitted.promise;
      runtime.setValue("claim_request_id", "cr-2");
      runtime.setValue("claim_reference", "MFC-0002");
      return outcome;
    });
    const { api, goNext, setBusy, user } = setup({ data: {} });
    expect(await screen.findByRole("heading", { name: "Fixture: no reference" })).toBeTruthy();
    expect(screen.getByText("Fixture: submit first.")).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Fixture submit" }));
    const busyButton = (await screen.findByRole("button", { name: "Fixture submitting" })) as HTMLButtonElement;
    expect(busyButton.disabled).toBe(true);
    expect(setBusy).toHaveBeenLastCalledWith(true);

    await act(async () => submitted.resolve({ ok: true }));
    await waitLonger(() => expect(goNext).toHaveBeenCalledTimes(1));
    expect(mocks.submitClaimRequest).toHaveBeenCalledTimes(1);
    expect(setBusy).toHaveBeenCalledWith(false);
    expect(api.callsTo("/api/credit-check/run")).toEqual([
      { method: "POST", path: "/api/credit-check/run", body: { claim_request_id: "cr-2" } },
    ]);
  });

  it("shows why the submission failed and stays", async () => {
    mocks.submitClaimRequest.mockResolvedValue({ ok: false, error: "Please enter your postcode" });
    const { api, goNext, user } = setup({ data: {} });
    await user.click(await screen.findByRole("button", { name: "Fixture submit" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter your postcode");
    expect(screen.getByRole("button", { name: "Fixture submit" })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(goNext).not.toHaveBeenCalled();
  });

  it("shows the crash panel when something unexpected fails, and reloads on Try Again", async () => {
    const { user } = setup({
      goNext: async () => {
        throw new Error("navigation exploded");
      },
    });
    const panel = await screen.findByRole("alert");
    expect(panel.querySelector("h2")!.textContent).toBe("Fixture problem");
    expect(panel.textContent).toContain("Fixture: it broke.");
    await user.click(screen.getByRole("button", { name: "Fixture again" }));
    expect(mocks.reloadPage).toHaveBeenCalledTimes(1);
  });

  it("asks for the one-time code when the check needs it, verifies it, then runs the check and moves on", async () => {
    const { api, goNext, user, value } = setup({
      runs: [{ body: { status: "otp-required", verification_id: "ver-1" } }, { body: SUCCESS }],
      otp: [
        {
          status: 400,
          body: { success: false, error: "The code you entered is not correct. Check it and try again.", attemptsRemaining: 2 },
        },
        { body: { success: true, verified: true } },
      ],
    });
    const dialog = await screen.findByRole("dialog", { name: "Fixture code please" });
    expect(dialog.textContent).toContain("Fixture: a code went to your phone");
    const code = screen.getByLabelText("Fixture code");
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(goNext).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Fixture check code" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Problem: Fixture: six digits");
    expect(api.callsTo("/api/credit-check/otp")).toHaveLength(0);

    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Fixture check code" }));
    await waitLonger(() => expect(screen.getByRole("alert").textContent).toContain("The code you entered is not correct."));

    await user.clear(code);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Fixture check code" }));
    await waitLonger(() => expect(goNext).toHaveBeenCalledTimes(1));
    expect(api.callsTo("/api/credit-check/otp").at(-1)!.body).toEqual({
      claim_request_id: "cr-1",
      verification_id: "ver-1",
      code: "123456",
    });
    expect(api.callsTo("/api/credit-check/run")).toHaveLength(2);
    expect(value("creditCheckStatus")).toBe("success");
    expect(value("claimsFound")).toBe(2);
  });

  it("sends a new code on request", async () => {
    const { api, user } = setup({
      runs: [
        { body: { status: "otp-required", verification_id: "ver-1" } },
        { body: { status: "otp-required", verification_id: "ver-2" } },
      ],
    });
    await screen.findByRole("dialog", { name: "Fixture code please" });
    await user.click(screen.getByRole("button", { name: "Fixture new code" }));
    await waitLonger(() => expect(screen.getByText("Fixture: new code sent")).toBeTruthy());
    await user.type(screen.getByLabelText("Fixture code"), "123456");
    await user.click(screen.getByRole("button", { name: "Fixture check code" }));
    await waitLonger(() => expect(api.callsTo("/api/credit-check/otp")).toHaveLength(1));
    expect(api.callsTo("/api/credit-check/otp")[0].body).toMatchObject({ verification_id: "ver-2" });
  });

  it.each([
    [
      "a refused identity check without a decision",
      { runs: [{ body: { status: "verification-failed", decision: null, message: null } }] },
      "Fixture: not verified",
    ],
    [
      "a BLOCK decision with a message",
      { runs: [{ body: { status: "verification-failed", decision: "BLOCK", message: "Identity could not be confirmed" } }] },
      "Fixture verification BLOCK: Identity could not be confirmed",
    ],
    [
      "a BLOCK decision without a message",
      { runs: [{ body: { status: "verification-failed", decision: "BLOCK", message: null } }] },
      "Fixture verification BLOCK: no reason given",
    ],
    ["a report that cannot be fetched", { report: { status: 502, body: { error: "x" } } }, "Fixture: report fetch failed 502"],
    ["a report that cannot be read", { report: { body: { data: { credit_report: null } } } }, "Fixture: unreadable report"],
    [
      "a failed run after the code was verified",
      { runs: [{ body: { status: "otp-required", verification_id: "ver-1" } }, { status: 503, body: { error: "down" } }] },
      "Fixture: retry failed",
    ],
  ])("%s: shows the error panel, stores the error, raises the event and moves on", async (_name, options, message) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { goNext, user, value } = setup({ ...options, props: { errorContinueMs: 6000 } });
    if (message === "Fixture: retry failed") {
      await screen.findByRole("dialog", { name: "Fixture code please" });
      await user.type(screen.getByLabelText("Fixture code"), "123456");
      await user.click(screen.getByRole("button", { name: "Fixture check code" }));
    }
    const panel = await screen.findByRole("alert");
    await waitLonger(() => expect(panel.textContent).toContain(message));
    expect(panel.querySelector("h2")!.textContent).toBe("Fixture problem");
    expect(value("creditCheckStatus")).toBe("error");
    expect(value("creditCheckError")).toBe(message);
    expect(events.at(-1)!.detail).toMatchObject({ status: "error", errorMessage: message, claimsFound: 0, claims: [] });
    expect(goNext).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(goNext).toHaveBeenCalledTimes(1);
  });

  it("moves on at once from the error panel with Continue, or reloads to try again", async () => {
    const first = setup({ runs: [{ body: { status: "verification-failed", decision: null } }], props: { errorContinueMs: 60000 } });
    await screen.findByText("Fixture: not verified");
    await first.user.click(screen.getByRole("button", { name: "Fixture onwards" }));
    expect(first.goNext).toHaveBeenCalledTimes(1);
    cleanup();

    const second = setup({ runs: [{ body: { status: "verification-failed", decision: null } }], props: { errorContinueMs: 60000 } });
    await screen.findByText("Fixture: not verified");
    await second.user.click(screen.getByRole("button", { name: "Fixture again" }));
    expect(mocks.reloadPage).toHaveBeenCalledTimes(1);
    expect(second.value("creditCheckStatus")).toBe("");
    expect(second.goNext).not.toHaveBeenCalled();
  });
});

describe("CreditCheckBlock with an affiliate-kind identity provider", () => {
  const AFFILIATE = {
    credit_check_providers: { name: "Identity partner", provider_type: "affiliate" },
    credit_check_provider_id: "affiliate-sandbox",
  };
  const APPLICANT = {
    ...CLAIM,
    personalDetails: { title: "Mrs", firstName: "Ann", lastName: "Tester", dateOfBirth: "1980-01-02" },
    contactDetails: { email: "ann@example.com", phoneNumber: "07700900123" },
    address: { street: "Mill Lane", postcode: "YO21 3PU" },
  };
  afterEach(() => cleanup());

  function affiliateSetup(decision: ScriptedResponse) {
    const api = new FakeApi()
      .reply("POST", "/api/credit-check/run", { body: SUCCESS })
      .reply("GET", /^\/api\/credit-check\/[^/]+$/, { body: { data: { verification_id: null } } }, REPORT)
      .reply("POST", "/api/credit-check/affiliate-sandbox/verify-user", decision)
      .reply(
        "POST",
        "/api/otp/verify",
        { status: 400, body: { success: false, error: "The code is not right" } },
        { body: { success: true } },
      );
    return renderBlock("creditCheck", CreditCheckBlock, { funnel: FIXTURE, api, data: APPLICANT, brand: AFFILIATE as never });
  }

  it("runs the identity check with deviceSessionId first, asks for its code on CHALLENGE, then searches", async () => {
    const { api, goNext, user, value } = affiliateSetup({
      body: { success: true, data: { decision: "CHALLENGE", verification_id: "idv-1" } },
    });
    await screen.findByRole("dialog", { name: "Fixture code please" });
    const verify = api.callsTo("/api/credit-check/affiliate-sandbox/verify-user")[0].body as Record<string, unknown>;
    expect(verify).toMatchObject({ clientRefId: "cr-1", deviceSessionId: expect.any(String) });
    expect(verify).not.toHaveProperty("device_session_id");
    expect(api.callsTo("/api/credit-check/run")).toHaveLength(0);

    await user.type(screen.getByLabelText("Fixture code"), "000000");
    await user.click(screen.getByRole("button", { name: "Fixture check code" }));
    await waitLonger(() => expect(screen.getByRole("alert").textContent).toContain("The code is not right"));
    await user.clear(screen.getByLabelText("Fixture code"));
    await user.type(screen.getByLabelText("Fixture code"), "123456");
    await user.click(screen.getByRole("button", { name: "Fixture check code" }));
    await waitLonger(() => expect(goNext).toHaveBeenCalledTimes(1));
    expect(api.callsTo("/api/otp/verify").at(-1)!.body).toEqual({ verification_id: "idv-1", code: "123456" });
    expect(api.callsTo("/api/credit-check/run")).toHaveLength(1);
    expect(value("creditCheckStatus")).toBe("success");
  });

  it("shows the definition's error and searches nothing when the identity check fails", async () => {
    const { api, value } = affiliateSetup({ status: 502, body: { success: false, error: "Verification failed" } });
    await waitLonger(() => expect(value("creditCheckStatus")).toBe("error"));
    expect(value("creditCheckError")).toBe("Fixture: identity not checked");
    expect(await screen.findByText("Fixture: identity not checked")).toBeTruthy();
    expect(api.callsTo("/api/credit-check/run")).toHaveLength(0);
  });
});
