// @vitest-environment jsdom
// Isolated: the top bar and banner's module is replaced by one whose arrival the test decides, and the test needs
// it not loaded yet (a module, once loaded, stays loaded for every file sharing the worker).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Profiler } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import brand from "../../test-fixtures/definitions/brands/default.json";
import type { FunnelDefinition } from "../../schema/types";
import { setBoot, type BrandTheme } from "../boot";
import { AppRoutes } from "../App";
import { loadStepValidation } from "../funnel/loadStepValidation";
import { FIXTURE_BLOCK_COPY, FIXTURE_TEXT } from "../testing/siteText";
import { applyBlockCopyDefaults } from "../../schema/rules/copyOverlay";
import { loadFunnelChrome } from "./lazyFunnelChrome";

const chromeCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { requested: false, arrived, arrive: () => arrive() };
});
vi.mock("./FunnelChrome", async (importOriginal) => {
  chromeCode.requested = true;
  await chromeCode.arrived;
  return importOriginal();
});

// The funnel's banner, hidden on its first step.
const funnel = applyBlockCopyDefaults(
  {
    version: "chrome",
    title: "Chrome",
    routing: { path: "chrome", unknownStep: "firstStep" },
    navigation: { nextLabel: "Next", busyLabel: "Processing...", submitLabel: "Submit", backLabel: "Back", firstStepBack: "hidden" },
    layout: { showProgress: true, banner: { text: "Average refund of £950" } },
    fields: {},
    steps: [
      { id: "start", title: "Start", banner: "hidden", blocks: [{ type: "heading", props: { text: "Start" } }] },
      { id: "offer", title: "Offer", blocks: [{ type: "heading", props: { text: "Offer" } }] },
    ],
  } as unknown as FunnelDefinition,
  FIXTURE_BLOCK_COPY,
);

/** What each commit of the page put on screen: the second step's heading, and the banner. */
const commits: { offer: boolean; banner: boolean }[] = [];
const noteCommit = () =>
  commits.push({
    offer: screen.queryByRole("heading", { name: "Offer" }) !== null,
    banner: document.querySelector(".funnel-banner") !== null,
  });

beforeAll(() => loadStepValidation());
afterEach(cleanup);

describe("the top bar and banner, loaded like a block", () => {
  it("are not loaded for a step without them; Next draws a step with a banner once their code is here, both at once", async () => {
    await loadFunnelChrome({ funnel, step: funnel.steps[0] });
    expect(chromeCode.requested).toBe(false);

    setBoot({
      brand: brand as unknown as BrandTheme,
      funnel,
      mountPath: "chrome",
      stepId: "start",
      status: 200,
      env: "test",
      text: FIXTURE_TEXT,
    });
    const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: ["/claim/chrome/start"] });
    render(
      <Profiler id="page" onRender={noteCommit}>
        <RouterProvider router={router} />
      </Profiler>,
    );
    expect(screen.getByRole("heading", { name: "Start" })).toBeTruthy();
    expect(chromeCode.requested).toBe(false);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    await vi.waitFor(() => expect(chromeCode.requested).toBe(true));
    // The step stays until the banner's code is here, as it does for a lazily loaded block.
    expect(screen.queryByRole("heading", { name: "Offer" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Start" })).toBeTruthy();

    await act(async () => chromeCode.arrive());
    await screen.findByRole("heading", { name: "Offer" });
    expect(screen.getByText("Average refund of £950")).toBeTruthy();
    // No commit showed the step without its banner (the header would have grown under the visitor's eyes).
    expect(commits.filter((commit) => commit.offer && !commit.banner)).toEqual([]);
  });
});
