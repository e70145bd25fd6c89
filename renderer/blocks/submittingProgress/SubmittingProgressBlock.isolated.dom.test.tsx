// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { submittingFunnel } from "../../testing/submittingFunnel";
import { FakeApi } from "../testing/fakeApi";
import { renderBlock } from "../testing/renderBlock";
import { FIXTURE_TEXT } from "../../testing/siteText";
import { SubmittingProgressBlock } from "./SubmittingProgressBlock";

vi.mock("./pageActions", () => ({ reloadPage: vi.fn() }));
import { reloadPage } from "./pageActions";

const CLAIM = "5b0d3c1e-2f4a-4b6c-8d9e-0a1b2c3d4e5f";
const DATA = {
  claim_request_id: CLAIM,
  personalDetails: { title: "Mrs", firstName: "Amelia", lastName: "Challenge", dateOfBirth: "1984-03-17" },
  contactDetails: { email: "amelia@example.com", phoneNumber: "07700900123", isTermsPolicyAgreed: true },
  address: { street: "Downing Close", postcode: "SW1A 2DX" },
};
const affiliate = { credit_check_providers: { name: "Partner", provider_type: "affiliate" as const } };

function happyApi(api = new FakeApi()) {
  return api
    .reply("POST", "/api/credit-check/run", {
      body: { status: "success", creditCheckId: "cc-1", claims: [{ id: "c1", lender_name: "A" }], claimsFound: 1 },
    })
    .reply("POST", "/api/save-claims", { body: { success: true } })
    .reply("POST", "/api/account/check", { body: { existingUser: false } });
}

describe("SubmittingProgressBlock", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("shows 'Finding your claims' with the two progress steps and goes to confirmation when done", async () => {
    const view = renderBlock("submittingProgress", SubmittingProgressBlock, { funnel: submittingFunnel, data: DATA, api: happyApi() });
    expect(screen.getByRole("heading", { level: 1, name: "Finding your claims" })).toBeTruthy();
    expect(screen.getByText("Searching your credit file for claims")).toBeTruthy();
    expect(screen.getByText("Creating your account")).toBeTruthy();
    await waitFor(() => expect(view.goTo).toHaveBeenCalledWith("/claim/t1/confirmation"));
    expect(view.value("claimsFound")).toBe(1);
    expect(view.value("isNewUser")).toBe(true);
    expect(view.api.callsTo("/api/credit-check/run")).toHaveLength(1); // once, StrictMode or not
  });

  it("on an error shows 'There was a problem with' and the message; Start Over clears progress and goes to /claim; Try Again reloads", async () => {
    const api = new FakeApi().reply("POST", "/api/credit-check/run", { status: 500, body: {} });
    localStorage.setItem("claim-progress:fairdrive:t1", "{}");
    const view = renderBlock("submittingProgress", SubmittingProgressBlock, { funnel: submittingFunnel, data: DATA, api });
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("heading").textContent).toContain("There was a problem with");
    expect(within(panel).getByText(FIXTURE_TEXT.common.creditCheckFailed)).toBeTruthy();
    await view.user.click(within(panel).getByRole("button", { name: "Try Again" }));
    expect(reloadPage).toHaveBeenCalled();
    await view.user.click(within(panel).getByRole("button", { name: "Start Over" }));
    expect(view.goTo).toHaveBeenCalledWith("/claim");
    expect(localStorage.getItem("claim-progress:fairdrive:t1")).toBeNull();
  });

  it("CHALLENGE opens the one-time-code dialog: a short code is refused in the block's words, a wrong code shows attempts left, the right one carries on", async () => {
    const api = happyApi()
      .reply("GET", `/api/credit-check/${CLAIM}`, { body: { data: { verification_id: null } } })
      .reply("POST", "/api/credit-check/sandbox/verify-user", {
        body: { success: true, data: { decision: "CHALLENGE", verification_id: "v-1" } },
      })
      .reply(
        "POST",
        "/api/otp/verify",
        { status: 400, body: { success: false, error: "That code is not right. You have 2 attempts left.", attemptsRemaining: 2 } },
        { body: { success: true } },
      );
    const view = renderBlock("submittingProgress", SubmittingProgressBlock, {
      funnel: submittingFunnel,
      data: DATA,
      api,
      brand: affiliate,
    });
    const code = await screen.findByLabelText("Verification code");
    expect(screen.getByText(/We've sent a verification code to your phone/)).toBeTruthy();
    await view.user.type(code, "12");
    await view.user.click(screen.getByRole("button", { name: "Verify code", hidden: true }));
    expect(await screen.findByText("Fixture: the code is 6 digits")).toBeTruthy();
    await view.user.clear(screen.getByLabelText("Verification code"));
    await view.user.type(screen.getByLabelText("Verification code"), "000000");
    await view.user.click(screen.getByRole("button", { name: "Verify code", hidden: true }));
    expect(await screen.findByText("That code is not right. You have 2 attempts left.")).toBeTruthy();
    expect(api.callsTo("/api/credit-check/run")).toHaveLength(0);
    await view.user.type(screen.getByLabelText("Verification code"), "123456");
    await view.user.click(screen.getByRole("button", { name: "Verify code", hidden: true }));
    await waitFor(() => expect(view.goTo).toHaveBeenCalledWith("/claim/t1/confirmation"));
    expect(api.callsTo("/api/otp/verify").map((c) => c.body)).toEqual([
      { verification_id: "v-1", code: "000000" },
      { verification_id: "v-1", code: "123456" },
    ]);
  });

  it("an existing user is sent to login and the flow stops", async () => {
    const api = happyApi().reply("POST", "/api/account/check", { body: { existingUser: true } });
    const view = renderBlock("submittingProgress", SubmittingProgressBlock, { funnel: submittingFunnel, data: DATA, api });
    await waitFor(() => expect(view.goTo).toHaveBeenCalledWith("/login?redirect=/portal&status=existing_user"));
    expect(view.goTo).toHaveBeenCalledTimes(1);
  });
});
