// @vitest-environment jsdom
/**
 * A funnel runs before react-hook-form is here (runtime/formKit.ts, runtime/funnelForm.ts): here the kit is held
 * back until the test lets it arrive, to show what waits for it (the check of Next, a block that needs it) and
 * what does not (drawing and typing into fields).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import brand from "../../test-fixtures/definitions/brands/default.json";
import type { FunnelDefinition } from "../../schema/types";
import { setBoot, type BrandTheme } from "../boot";
import { AppRoutes } from "../App";
import { loadStepValidation } from "./loadStepValidation";
import type { FormKit } from "../runtime/formKit";
import { FIXTURE_TEXT } from "../testing/siteText";

const kit = vi.hoisted(() => ({
  loaded: null as FormKit | null,
  pending: null as Promise<FormKit> | null,
  loads: 0,
  arrive: null as (() => void) | null,
}));
vi.mock("../runtime/formKit", async () => {
  const real = await vi.importActual<typeof import("../runtime/formKitModule")>("../runtime/formKitModule");
  return {
    loadedFormKit: () => kit.loaded,
    formKit: () => {
      if (!kit.loaded) throw new Error("not loaded");
      return kit.loaded;
    },
    loadFormKit: () => {
      kit.loads++;
      kit.pending ??= new Promise<FormKit>((resolve) => {
        kit.arrive = () => {
          kit.loaded = real;
          resolve(real);
        };
      });
      return kit.pending;
    },
  };
});

const funnel = {
  version: "kit",
  title: "Kit",
  routing: { path: "kit", unknownStep: "firstStep" },
  navigation: { nextLabel: "Next", busyLabel: "Processing...", submitLabel: "Submit", backLabel: "Back", firstStepBack: "hidden" },
  layout: { showProgress: false },
  fields: {
    "personalDetails.firstName": {
      kind: "text",
      label: "First name",
      rules: [{ rule: "required", message: "Please enter your first name" }],
    },
  },
  steps: [
    {
      id: "start",
      title: "Start",
      // A hook that sets a value before react-hook-form is here: the answer is kept when the form moves to it.
      onNext: [{ hook: "setValue", field: "started", value: "yes" }],
      blocks: [{ type: "heading", props: { text: "Let's start" } }],
    },
    {
      id: "name",
      title: "Name",
      // Next is only enabled while the answer the first step's hook set is still there.
      continueWhen: { filled: "started" },
      blocks: [
        { type: "heading", props: { text: "Your name" } },
        { type: "textInput", props: { field: "personalDetails.firstName" } },
      ],
    },
    { id: "done", title: "Done", footer: "hidden", blocks: [{ type: "heading", props: { text: "Done" } }] },
    {
      id: "submitting",
      title: "Submitting",
      footer: "hidden",
      blocks: [
        {
          type: "submittingProgress",
          props: {
            title: "Finding your claims",
            progressSteps: [{ label: "Checking" }],
            errorTitle: "Problem",
            startOverLabel: "Start over",
            retryLabel: "Try again",
          },
        },
      ],
    },
  ],
} as unknown as FunnelDefinition;

beforeAll(() => loadStepValidation());
beforeAll(() => import("../hooks/registry"));
beforeEach(() => {
  Object.assign(kit, { loaded: null, pending: null, loads: 0, arrive: null });
  localStorage.clear();
  setBoot({ brand: brand as unknown as BrandTheme, funnel, mountPath: "kit", stepId: null, status: 200, env: "test", text: FIXTURE_TEXT });
});
afterEach(() => cleanup());

describe("a funnel run before react-hook-form is here", () => {
  it("draws a step of fields at once; what was typed is kept when the library comes, and Next's check waits for it", async () => {
    const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: ["/claim/kit/start"] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("heading", { name: "Let's start" })).toBeTruthy();
    expect(kit.loaded).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    // The press was the visitor's first action: the library is asked for, and the field's step is drawn without it.
    expect(kit.loads).toBeGreaterThan(0);
    const input = await screen.findByLabelText<HTMLInputElement>("First name");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/claim/kit/name"));
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
    // The answer a hook set before the library arrived is kept (Next is enabled by it).
    expect(screen.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(false);

    // Next on the empty field: the check is react-hook-form's, so its summary comes with the library.
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    expect(screen.queryByText("Please enter your first name", { selector: ".error-summary *" })).toBeNull();
    await act(async () => kit.arrive!());
    expect(await screen.findByText("Please enter your first name", { selector: ".error-summary *" })).toBeTruthy();
    // The same element, now through react-hook-form.
    expect(screen.getByLabelText("First name")).toBe(input);
    fireEvent.change(input, { target: { value: "Sam" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    await screen.findByRole("heading", { name: "Done" });
  });

  it("keeps a field typed into while the library arrives: its element, its focus and its value", async () => {
    const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: ["/claim/kit/name"] });
    localStorage.clear();
    render(<RouterProvider router={router} />);
    const input = await screen.findByLabelText<HTMLInputElement>("First name");
    input.focus();
    fireEvent.change(input, { target: { value: "Sa" } });
    // Left before the library came: the field is checked when it arrives, as it would have been on leaving it.
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.blur(input);
    input.focus();
    fireEvent.change(input, { target: { value: "Sa" } });
    expect(input.value).toBe("Sa");
    await act(async () => kit.arrive!());
    expect(screen.getByLabelText("First name")).toBe(input);
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe("Sa");
    fireEvent.change(input, { target: { value: "" } });
    // Through react-hook-form now, and already left once: the error shows on this change.
    expect(await screen.findByText("Please enter your first name")).toBeTruthy();
    fireEvent.change(input, { target: { value: "Sam" } });
    await vi.waitFor(() => expect(screen.queryByText("Please enter your first name")).toBeNull());
  });

  it("shows a spinner in place of a step whose block needs the library itself, then the step", async () => {
    const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: ["/claim/kit/start"] });
    render(<RouterProvider router={router} />);
    // The visitor lands on that step by its address (the browser's Back, a link): the page stays, the step's
    // place shows a spinner, and the library is asked for.
    await act(async () => router.navigate("/claim/kit/submitting"));
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Finding your claims" })).toBeNull();
    expect(kit.loads).toBeGreaterThan(0);
    await act(async () => kit.arrive!());
    expect(await screen.findByRole("heading", { name: "Finding your claims" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
  });
});
