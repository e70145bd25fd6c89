// @vitest-environment jsdom
/**
 * The nav bar on a step without it (footer: hidden): once drawn it stays in the page, hidden, so the Next the
 * visitor just pressed is not taken out of the page while the next step is drawn (FunnelRunner).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import brand from "../../test-fixtures/definitions/brands/default.json";
import type { FunnelDefinition } from "../../schema/types";
import { setBoot, type BrandTheme } from "../boot";
import { AppRoutes } from "../App";
import { FIXTURE_TEXT } from "../testing/siteText";

const funnel = {
  version: "navbar",
  title: "Nav bar",
  routing: { path: "navbar", unknownStep: "firstStep" },
  navigation: { nextLabel: "Next", busyLabel: "Processing...", submitLabel: "Submit", backLabel: "Back", firstStepBack: "hidden" },
  layout: { showProgress: false },
  fields: {},
  steps: [
    { id: "start", title: "Start", blocks: [{ type: "heading", props: { text: "Let's start" } }] },
    { id: "done", title: "Done", footer: "hidden", blocks: [{ type: "heading", props: { text: "All done" } }] },
  ],
} as unknown as FunnelDefinition;

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: [path] });
  const { container } = render(<RouterProvider router={router} />);
  return { router, container };
}

beforeEach(() => {
  localStorage.clear();
  setBoot({
    brand: brand as unknown as BrandTheme,
    funnel,
    mountPath: "navbar",
    stepId: null,
    status: 200,
    env: "test",
    text: FIXTURE_TEXT,
  });
});
afterEach(() => cleanup());

describe("the nav bar on a step without it", () => {
  it("stays in the page, hidden, after Next; the step's heading takes the focus even when the browser dropped it", async () => {
    const { router, container } = renderAt("/claim/navbar/start");
    const next = screen.getByRole("button", { name: "Next" });
    next.focus();
    await act(async () => fireEvent.click(next));
    const heading = await screen.findByRole("heading", { name: "All done" });

    // Out of sight and out of reach: no navigation landmark, no button, no room kept for it.
    expect(screen.queryByRole("navigation", { name: "Step navigation" })).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
    const nav = container.querySelector<HTMLElement>(".step-nav");
    expect(nav?.hidden).toBe(true);
    expect(nav?.contains(next)).toBe(true);
    expect(container.querySelector(".funnel")?.classList.contains("has-step-nav")).toBe(false);

    // A browser drops the focus of a hidden element to the page's body before the next frame; the heading takes it.
    next.blur();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/navbar/done"));

    // Back to a step with the bar: it shows again, and works.
    await act(async () => router.navigate("/claim/navbar/start"));
    expect(screen.getByRole("navigation", { name: "Step navigation" })).toBeTruthy();
    expect(nav?.hidden).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    expect(await screen.findByRole("heading", { name: "All done" })).toBeTruthy();
  });

  it("is not in a page that opens on such a step", () => {
    const { container } = renderAt("/claim/navbar/done");
    expect(screen.getByRole("heading", { name: "All done" })).toBeTruthy();
    expect(container.querySelector(".step-nav")).toBeNull();
  });
});
