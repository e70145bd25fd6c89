// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Profiler, type ReactNode } from "react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import brand from "../../test-fixtures/definitions/brands/default.json";
import type { FunnelDefinition } from "../../schema/types";
import { setBoot, type BrandTheme } from "../boot";
import type { StepNavProps } from "../layout/StepNav";
import { AppRoutes } from "../App";
import { loadStepValidation } from "./loadStepValidation";
import { loadNextPress } from "./loadNextPress";
import { FIXTURE_BLOCK_COPY, FIXTURE_TEXT } from "../testing/siteText";
import { applyBlockCopyDefaults } from "../../schema/rules/copyOverlay";

// Counts the nav bar's renders, keeping the component as it is exported (memoised or not).
const navRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("../layout/StepNav", async (importOriginal) => {
  const real = await importOriginal<typeof import("../layout/StepNav")>();
  type Render = (props: StepNavProps) => ReactNode;
  const nav = real.StepNav as unknown as Render & { type?: Render };
  const counted =
    (render: Render): Render =>
    (props) => {
      navRenders.count++;
      return render(props);
    };
  return { ...real, StepNav: nav.type ? { ...nav, type: counted(nav.type) } : counted(nav) };
});

// A small funnel of plain fields: what Next costs in renders, and that a step still gets its errors and focus.
// As the server sends it: the shared block copy defaults under the funnel's own props.
const funnel = applyBlockCopyDefaults(
  {
    version: "renders",
    title: "Renders",
    routing: { path: "renders", unknownStep: "firstStep" },
    navigation: { nextLabel: "Next", busyLabel: "Processing...", submitLabel: "Submit", backLabel: "Back", firstStepBack: "hidden" },
    layout: { showProgress: true },
    fields: {
      "address.postcode": { kind: "text", label: "Postcode", rules: [{ rule: "required", message: "Please enter your postcode" }] },
      "address.street": { kind: "text", label: "Street", rules: [{ rule: "required", message: "Please enter your street" }] },
      "personalDetails.firstName": {
        kind: "text",
        label: "First name",
        rules: [{ rule: "required", message: "Please enter your first name" }],
      },
    },
    steps: [
      {
        id: "address",
        title: "Address",
        blocks: [
          { type: "heading", props: { text: "Your address" } },
          { type: "textInput", props: { field: "address.postcode" } },
          { type: "textInput", props: { field: "address.street" } },
        ],
      },
      {
        id: "personal",
        title: "Personal details",
        blocks: [
          { type: "heading", props: { text: "About you" } },
          { type: "textInput", props: { field: "personalDetails.firstName" } },
        ],
      },
      { id: "done", title: "Done", footer: "hidden", blocks: [{ type: "heading", props: { text: "Done" } }] },
      // A step that moves on as soon as it is entered (as a block or hook that finds its work done does).
      {
        id: "relay-start",
        title: "Relay start",
        next: [{ to: { step: "relay" } }],
        blocks: [{ type: "heading", props: { text: "Relay start" } }],
      },
      {
        id: "relay",
        title: "Relay",
        onEnter: [{ hook: "navigate", step: "relay-end" }],
        blocks: [{ type: "heading", props: { text: "Relay" } }],
      },
      { id: "relay-end", title: "Relay end", blocks: [{ type: "heading", props: { text: "Relay end" } }] },
      // A Next that leads outside the visitor's flow (the step's includeWhen does not hold): the flow sends them back.
      { id: "gate-first", title: "Gate first", blocks: [{ type: "heading", props: { text: "Gate first" } }] },
      {
        id: "gated",
        title: "Gated",
        includeWhen: { query: ["gate", "open"] },
        blocks: [{ type: "heading", props: { text: "Gated" } }],
      },
      {
        id: "gate-start",
        title: "Gate start",
        next: [{ to: { step: "gated" } }],
        blocks: [{ type: "heading", props: { text: "Gate start" } }],
      },
    ],
  } as unknown as FunnelDefinition,
  FIXTURE_BLOCK_COPY,
);

/** What each commit of the page put on screen: the next step's field, and the progress bar's text. */
let commits: { firstName: boolean; progress: string | null | undefined }[] = [];
const noteCommit = () =>
  commits.push({
    firstName: screen.queryByLabelText("First name") !== null,
    progress: document.querySelector(".progress__text")?.textContent,
  });

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: [path] });
  render(
    <Profiler id="page" onRender={noteCommit}>
      <RouterProvider router={router} />
    </Profiler>,
  );
  return router;
}

const fillIn = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

// The Next press's code and the validation code arrive at the visitor's first action, before Next
// (visitorActs.ts): these tests count what Next itself costs.
beforeAll(() => Promise.all([loadNextPress(), loadStepValidation()]));
// The hooks' code is here already, so a step's onEnter hook can move on before the step is even painted.
beforeAll(() => import("../hooks/registry"));

beforeEach(() => {
  localStorage.clear();
  commits = [];
  navRenders.count = 0;
  setBoot({
    brand: brand as unknown as BrandTheme,
    funnel,
    mountPath: "renders",
    stepId: null,
    status: 200,
    env: "test",
    text: FIXTURE_TEXT,
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("Next on a step", () => {
  it("moves on from a valid step with one render of the page, the next step's; the progress bar follows", async () => {
    const router = renderAt("/claim/renders/address");
    fillIn("Postcode", "SW1A 1AA");
    fillIn("Street", "1 Road");
    // The blur checks finish (and draw) before Next is pressed.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const before = commits.length;
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    // The next step is drawn in one render, before the address changes (a history entry costs time on a slow phone).
    // The progress bar follows in one more, after it: the step is what the visitor waits for. A commit that repeats
    // the screen before it (a lazily loaded piece settling inside the same act, depending on timing) changes nothing a
    // visitor sees, so repeats are folded; no more than one may come.
    const drawn = commits.slice(before);
    expect(drawn.length).toBeLessThanOrEqual(3);
    expect(drawn.filter((commit, i) => i === 0 || JSON.stringify(commit) !== JSON.stringify(drawn[i - 1]))).toEqual([
      { firstName: true, progress: "Step 1 of 8" },
      { firstName: true, progress: "Step 2 of 8" },
    ]);
    expect(router.state.location.pathname).toBe("/claim/renders/address");
    // Then the address follows, and the same step stays.
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/renders/personal"));
    expect(screen.getByLabelText("First name")).toBeTruthy();
    // The browser's Back goes to the step the address names.
    await act(async () => router.navigate(-1));
    expect(screen.getByLabelText("Postcode")).toBeTruthy();
    expect(screen.queryByLabelText("First name")).toBeNull();
    // The tab's title follows once the step is on screen.
    await waitFor(() => expect(document.title).toBe(`Personal details – ${brand.brandName}`));
  });

  it("shows the error summary on an invalid step, focuses it and stays", async () => {
    const router = renderAt("/claim/renders/address");
    fillIn("Postcode", "SW1A 1AA");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain("Please enter your street");
    expect(summary.textContent).not.toContain("Please enter your postcode");
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await waitFor(() => expect(document.title).toBe(`Error: Address – ${brand.brandName}`));
    expect(router.state.location.pathname).toBe("/claim/renders/address");
    expect(screen.getByLabelText("Street").getAttribute("aria-invalid")).toBe("true");
  });

  it("moves on once a field that showed an error is corrected", async () => {
    const router = renderAt("/claim/renders/address");
    fillIn("Postcode", "");
    fillIn("Postcode", "SW1A 1AA");
    fillIn("Street", "1 Road");
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByLabelText("Postcode").getAttribute("aria-invalid")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/renders/personal"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("moves from the last step to the page after it, the heading of which takes focus", async () => {
    renderAt("/claim/renders/personal");
    fillIn("First name", "Sam");
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /Next|Submit/ })));
    const heading = screen.getByRole("heading", { name: "Done" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole("navigation", { name: "Step navigation" })).toBeNull();
  });

  it("follows a step that moves on as soon as it is entered, and the address ends where the visitor does", async () => {
    const router = renderAt("/claim/renders/relay-start");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/renders/relay-end"));
    expect(screen.getByRole("heading", { name: "Relay end" })).toBeTruthy();
    // The step that moved on at once took no history entry of its own: Back goes to where the visitor pressed Next.
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/claim/renders/relay-start");
  });

  it("a Next into a step outside the flow goes where the flow sends the visitor, and Back returns to the step they left", async () => {
    const router = renderAt("/claim/renders/gate-start");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /Next|Submit/ })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/renders/gate-first"));
    expect(screen.getByRole("heading", { name: "Gate first" })).toBeTruthy();
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/claim/renders/gate-start");
  });

  it("does not redraw the nav bar while the visitor types", async () => {
    renderAt("/claim/renders/address");
    fillIn("Postcode", "SW1A 1AA");
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const before = navRenders.count;
    for (const value of ["1", "1 R", "1 Ro", "1 Road"]) fireEvent.change(screen.getByLabelText("Street"), { target: { value } });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(navRenders.count).toBe(before);
    expect((screen.getByLabelText("Street") as HTMLInputElement).value).toBe("1 Road");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    expect(screen.getByRole("button", { name: /Back/ })).toBeTruthy();
  });
});
