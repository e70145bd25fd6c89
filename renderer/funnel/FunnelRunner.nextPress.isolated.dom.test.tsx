// @vitest-environment jsdom
/**
 * The Next press's code is not in the first page's script (loadNextPress.ts): here its download is held back
 * until the test lets it arrive or fail, to show that a press before it waits for it, is one press however often
 * Next is pressed meanwhile (the last, unless the visitor has left its step), and after a failed download says so
 * and is tried again at the next press.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import brand from "../../test-fixtures/definitions/brands/default.json";
import { funnelWith } from "../../engine/testing/funnelWith";
import { setBoot, type BrandTheme } from "../boot";
import { AppRoutes } from "../App";
import { loadStepValidation } from "./loadStepValidation";
import type { KeptLoad } from "../loadOnce";
import type { NextPressCode } from "./loadNextPress";
import { FIXTURE_TEXT, sitePageBoot } from "../testing/siteText";

const download = vi.hoisted(() => ({
  code: null as KeptLoad<NextPressCode> | null,
  loads: 0,
  arrive: null as (() => void) | null,
  fail: null as (() => void) | null,
}));
vi.mock("./loadNextPress", async () => {
  const { loadKept } = await vi.importActual<typeof import("../loadOnce")>("../loadOnce");
  const real = await vi.importActual<NextPressCode>("./pressNext");
  // The real loader around a download the test finishes: each test starts before the code has arrived.
  const fresh = () =>
    loadKept<NextPressCode>(() => {
      download.loads++;
      return new Promise<NextPressCode>((resolve, reject) => {
        download.arrive = () => resolve(real);
        download.fail = () => reject(new TypeError("Failed to fetch dynamically imported module"));
      });
    });
  download.code = fresh();
  return {
    fresh,
    loadNextPress: () => download.code!.load(),
    loadedNextPress: () => download.code!.loaded(),
  };
});
const counted = vi.hoisted(() => [] as { kind: string; stepId: string }[]);
vi.mock("../analytics/recorder", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../analytics/recorder")>()),
  recordEvent: (_version: string, kind: string, stepId: string) => counted.push({ kind, stepId }),
}));

const funnel = funnelWith({
  fields: {},
  navigation: { nextLabel: "Next", busyLabel: "Processing...", firstStepBack: "hidden" },
  steps: [
    { id: "start", blocks: [{ type: "heading", props: { text: "Let's start" } }] },
    { id: "second", blocks: [{ type: "heading", props: { text: "Second step" } }] },
    { id: "third", blocks: [{ type: "heading", props: { text: "Third step" } }] },
  ],
});
const TRY_AGAIN = FIXTURE_TEXT.common.tryAgainMessage;

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: [path] });
  // In the app's root, as the page has it: a press noted before the page was live is looked for there.
  const root = document.body.appendChild(Object.assign(document.createElement("div"), { id: "root" }));
  render(<RouterProvider router={router} />, { container: root });
  return router;
}
const pressNext = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
const nextPresses = () => counted.filter((event) => event.kind === "next_pressed").map((event) => event.stepId);

// Only the Next press's code is held back here.
beforeAll(() => loadStepValidation());
beforeEach(async () => {
  const mocked = (await import("./loadNextPress")) as unknown as { fresh: () => KeptLoad<NextPressCode> };
  Object.assign(download, { code: mocked.fresh(), loads: 0, arrive: null, fail: null });
  counted.length = 0;
  localStorage.clear();
  setBoot(sitePageBoot({ brand: brand as unknown as BrandTheme, funnel, mountPath: funnel.routing.path }));
});
afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.pressedButton;
});

describe("Next pressed before its code is here", () => {
  it("waits for the code and moves on once it arrives, one press however often Next was pressed meanwhile", async () => {
    const router = renderAt(`/claim/${funnel.routing.path}/start`);
    await pressNext();
    // The press was the visitor's first action: the code is asked for, and the step stays until it is here.
    expect(download.loads).toBe(1);
    await pressNext();
    expect(download.loads).toBe(1);
    expect(screen.getByRole("heading", { name: "Let's start" })).toBeTruthy();
    expect(nextPresses()).toEqual([]);

    await act(async () => download.arrive!());
    expect(await screen.findByRole("heading", { name: "Second step" })).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/claim/${funnel.routing.path}/second`));
    // One press: Next counted once, and the visitor is one step on, not two.
    expect(nextPresses()).toEqual(["start"]);
    expect(screen.queryByRole("heading", { name: "Third step" })).toBeNull();

    // With the code here, the next press moves on without asking for it again.
    await pressNext();
    expect(await screen.findByRole("heading", { name: "Third step" })).toBeTruthy();
    expect(download.loads).toBe(1);
  });

  it("keeps the step and says so when the download fails, and the next press downloads it again and moves on", async () => {
    renderAt(`/claim/${funnel.routing.path}/start`);
    await pressNext();
    await act(async () => download.fail!());
    expect(await screen.findByText(TRY_AGAIN)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Let's start" })).toBeTruthy();
    expect(download.loads).toBe(1);

    await pressNext();
    expect(download.loads).toBe(2);
    await act(async () => download.arrive!());
    expect(await screen.findByRole("heading", { name: "Second step" })).toBeTruthy();
    expect(screen.queryByText(TRY_AGAIN)).toBeNull();
  });

  it("drops a press whose step the visitor left before its code arrived", async () => {
    const router = renderAt(`/claim/${funnel.routing.path}/second`);
    await pressNext();
    // The browser's Back while the code is on its way: the press on the step left is not run when it arrives.
    await act(async () => router.navigate(`/claim/${funnel.routing.path}/start`));
    expect(await screen.findByRole("heading", { name: "Let's start" })).toBeTruthy();
    await act(async () => download.arrive!());
    expect(screen.getByRole("heading", { name: "Let's start" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Third step" })).toBeNull();
    expect(nextPresses()).toEqual([]);
    expect(router.state.location.pathname).toBe(`/claim/${funnel.routing.path}/start`);
  });

  it("runs the last press when presses on two steps wait for the code", async () => {
    const router = renderAt(`/claim/${funnel.routing.path}/second`);
    await pressNext();
    await act(async () => router.navigate(`/claim/${funnel.routing.path}/start`));
    await screen.findByRole("heading", { name: "Let's start" });
    await pressNext();
    expect(download.loads).toBe(1);
    await act(async () => download.arrive!());
    expect(await screen.findByRole("heading", { name: "Second step" })).toBeTruthy();
    expect(nextPresses()).toEqual(["start"]);
  });

  it("keeps a press made before the page was live: it is pressed again, and moves on once the code arrives", async () => {
    // The page loader noted the press on the server-drawn page (pressedBeforeLive.ts).
    document.documentElement.dataset.pressedButton = JSON.stringify({ words: "Next", index: 0 });
    renderAt(`/claim/${funnel.routing.path}/start`);
    await vi.waitFor(() => expect(download.loads).toBe(1));
    expect(document.documentElement.dataset.pressedButton).toBeUndefined();
    await act(async () => download.arrive!());
    expect(await screen.findByRole("heading", { name: "Second step" })).toBeTruthy();
    expect(nextPresses()).toEqual(["start"]);
  });
});
