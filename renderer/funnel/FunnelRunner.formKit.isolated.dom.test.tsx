// @vitest-environment jsdom
/**
 * A step without fields runs without react-hook-form (runtime/formKit.ts): here the kit is held back until the
 * test lets it arrive, to show what waits for it (Next into a step with a field) and what does not.
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
  ],
} as unknown as FunnelDefinition;

beforeAll(() => loadStepValidation());
beforeAll(() => import("../hooks/registry"));
beforeEach(() => {
  Object.assign(kit, { loaded: null, pending: null, loads: 0, arrive: null });
  localStorage.clear();
  setBoot({ brand: brand as unknown as BrandTheme, funnel, mountPath: "kit", stepId: null, status: 200, env: "test" });
});
afterEach(() => cleanup());

describe("a funnel whose first step has no field", () => {
  it("draws that step without react-hook-form; Next keeps it until the library is here, then draws the field", async () => {
    const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: ["/claim/kit/start"] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("heading", { name: "Let's start" })).toBeTruthy();
    expect(kit.loaded).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    // The press asked for the library (the visitor's first action, and Next into a step that needs it)...
    expect(kit.loads).toBeGreaterThan(0);
    // ...and the step stays, whole, until it is here: no spinner, no half-drawn field.
    expect(screen.getByRole("heading", { name: "Let's start" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
    expect(screen.queryByLabelText("First name")).toBeNull();

    await act(async () => kit.arrive!());
    const input = await screen.findByLabelText("First name");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/claim/kit/name"));

    // The answer set before the library arrived is kept (Next is enabled by it); the field works through
    // react-hook-form: its error, then the next step.
    expect(screen.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    expect(await screen.findByText("Please enter your first name", { selector: ".error-summary *" })).toBeTruthy();
    fireEvent.change(input, { target: { value: "Sam" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    await screen.findByRole("heading", { name: "Done" });
  });

  it("shows a spinner in place of a step with a field reached before react-hook-form, then the step", async () => {
    const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: ["/claim/kit/start"] });
    render(<RouterProvider router={router} />);
    // The visitor lands on the field's step by its address (the browser's Back, a link): the page stays, the
    // step's place shows a spinner, and the library is asked for.
    await act(async () => router.navigate("/claim/kit/name"));
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    expect(screen.queryByLabelText("First name")).toBeNull();
    expect(kit.loads).toBeGreaterThan(0);
    await act(async () => kit.arrive!());
    expect(await screen.findByLabelText("First name")).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
  });
});
