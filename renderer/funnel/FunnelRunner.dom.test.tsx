// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import brand from "../../test-fixtures/definitions/brands/default.json";
import { FIXTURE_FIELDS } from "../../test-fixtures/definitions";
import { funnelWith } from "../../engine/testing/funnelWith";
import { setBoot, type BrandTheme } from "../boot";
import { AppRoutes } from "../App";
import { loadLazyBlocks } from "../blocks/loadLazyBlocks";
import { FIXTURE_TEXT } from "../testing/siteText";

/** Four steps: a start button, an address page, personal details (gated, hooks on Next) and a signature page. */
const funnel = funnelWith({
  fields: FIXTURE_FIELDS,
  navigation: {
    nextLabel: "Next Step",
    busyLabel: "Processing...",
    errorSummaryTitle: "Please fix the errors below to continue",
    progressLabel: "Step {current} of {total}",
    firstStepBack: "hidden",
  },
  layout: { showProgress: true },
  steps: [
    {
      id: "get-started",
      footer: "hidden",
      blocks: [
        {
          type: "actionButton",
          props: {
            label: "Yes! Start My Claim!",
            actions: [
              { hook: "setValue", field: "hadFinance", value: "yes" },
              { hook: "setValue", field: "contactDetails.isTermsPolicyAgreed", value: true },
            ],
          },
        },
      ],
    },
    { id: "address", blocks: [{ type: "heading", props: { text: "Your address" } }] },
    {
      id: "personal-details",
      continueWhen: {
        all: [
          { filled: "personalDetails.title" },
          { filled: "personalDetails.firstName" },
          { filled: "personalDetails.lastName" },
          { filled: "personalDetails.dateOfBirth" },
        ],
      },
      onNext: [
        { hook: "setValue", field: "hadFinance", value: "yes" },
        { hook: "submitClaimRequest" },
        { hook: "wait", ms: 1000 },
        { hook: "crmSync", onFailure: "ignore" },
      ],
      blocks: [
        { type: "selectInput", props: { field: "personalDetails.title", placeholder: "Select" } },
        { type: "textInput", props: { field: "personalDetails.firstName" } },
        { type: "textInput", props: { field: "personalDetails.lastName" } },
        { type: "dateOfBirth", props: { field: "personalDetails.dateOfBirth" } },
        { type: "textInput", props: { field: "contactDetails.email", inputMode: "email" } },
        { type: "textInput", props: { field: "contactDetails.phoneNumber", inputMode: "tel", width: "half" } },
      ],
    },
    { id: "signature", blocks: [{ type: "heading", props: { text: "Sign to start your claim" } }] },
  ],
});
const requests: { url: string; body: unknown }[] = [];

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

// The page loads a step's blocks before it draws the step (main.tsx); these tests start on such a step.
beforeAll(() => loadLazyBlocks(["selectInput", "dateOfBirth", "radioGroup", "checkbox"]));

beforeEach(() => {
  localStorage.clear();
  requests.length = 0;
  setBoot({ brand: brand as unknown as BrandTheme, funnel, mountPath: "t1", stepId: null, status: 200, env: "test", text: FIXTURE_TEXT });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body =
        url === "/api/claim-requests" ? { id: "cr-1", claim_reference: "FD-TEST1234" } : { success: true, client: { uuid: "crm-1" } };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("FunnelRunner on a personal-details step", () => {
  it("gates Next on title, names and date of birth, then shows the error summary for an under-18 date", async () => {
    renderAt("/claim/t1/personal-details");
    const next = screen.getByRole("button", { name: "Next Step" });
    expect(next).toHaveProperty("disabled", true);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuetext")).toBe("Step 3 of 4");
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Mr" } });
    fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Sam" } });
    fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Okoro" } });
    expect(next).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByLabelText("Date of birth"), { target: { value: "01012020" } });
    expect((screen.getByLabelText("Date of birth") as HTMLInputElement).value).toBe("01 / 01 / 2020");
    await waitFor(() => expect(next).toHaveProperty("disabled", false));
    fireEvent.click(next);
    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain("Please fix the errors below to continue");
    expect(summary.textContent).toContain("Please enter a valid date of birth (must be 18-100 years old)");
    expect(summary.textContent).toContain("Please enter your email address");
    expect(requests).toHaveLength(0);
  });

  it("runs the step's hooks on Next (submit, wait 1 s, CRM sync) and moves to the signature step", async () => {
    const router = renderAt("/claim/t1/personal-details");
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Ms" } });
    fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Amira" } });
    fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Khan" } });
    fireEvent.change(screen.getByLabelText("Date of birth"), { target: { value: "14031985" } });
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "amira@example.com" } });
    fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: "7700 900123" } });
    expect((screen.getByLabelText("Mobile number") as HTMLInputElement).value).toBe("07700900123");
    fireEvent.click(screen.getByRole("button", { name: "Next Step" }));
    await waitFor(() => expect(requests.map((r) => r.url)).toEqual(["/api/claim-requests"]));
    expect(screen.getByRole("button", { name: "Processing..." })).toHaveProperty("disabled", true);
    expect(requests[0].body).toMatchObject({
      version: "t1",
      step: "personal-details",
      data: {
        hadFinance: "yes",
        personalDetails: { title: "Ms", firstName: "Amira", dateOfBirth: "1985-03-14" },
        contactDetails: { phoneNumber: "07700900123" },
      },
    });
    await waitFor(() => expect(requests.map((r) => r.url)).toContain("/api/crm/clients"), { timeout: 3000 });
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/t1/signature"));
    const saved = JSON.parse(localStorage.getItem("claim-progress:fairdrive:t1") ?? "{}");
    // Only the id and choices: nothing the visitor typed about themselves.
    expect(saved).toEqual({ progressFormat: 2, claim_request_id: "cr-1", crm_client_uuid: "crm-1", hadFinance: "yes" });
  });

  it("hides Back on the first step and keeps the query string when moving on", async () => {
    const router = renderAt("/claim/t1/get-started?utm_source=mail");
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    // The call-to-action block's code loads with the step (in the browser the server has preloaded it).
    const start = await screen.findByRole("button", { name: "Yes! Start My Claim!" });
    await act(async () => fireEvent.click(start));
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/t1/address"));
    expect(router.state.location.search).toBe("?utm_source=mail");
    const saved = JSON.parse(localStorage.getItem("claim-progress:fairdrive:t1") ?? "{}");
    expect(saved).toMatchObject({ hadFinance: "yes", contactDetails: { isTermsPolicyAgreed: true } });
  });
});
