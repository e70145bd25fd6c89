// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { FunnelDefinition } from "../schema/types";
import { AppRoutes, loadPageCode } from "./App";
import { setBoot, type BrandTheme } from "./boot";
import { FIXTURE_TEXT } from "./testing/siteText";

// The app's own page table, through react-router's matcher: which page a path gets, and the step's params.
const funnel = {
  version: "routes",
  title: "Routes fixture",
  routing: { path: "routes", unknownStep: "notFound" },
  navigation: { nextLabel: "Next", busyLabel: "Working...", submitLabel: "Submit", backLabel: "Back", firstStepBack: "hidden" },
  fields: {},
  steps: [
    { id: "first", title: "First", blocks: [{ type: "heading", props: { text: "The first step" } }] },
    { id: "second", title: "Second", footer: "hidden", blocks: [{ type: "heading", props: { text: "The second step" } }] },
  ],
} as unknown as FunnelDefinition;
const brand = { brandId: "fixture", brandName: "Fixture Claims", colours: {} } as unknown as BrandTheme;

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );

beforeEach(() => setBoot({ brand, funnel, mountPath: "routes", stepId: null, status: 200, env: "test", text: FIXTURE_TEXT }));
afterEach(cleanup);

describe("AppRoutes", () => {
  it("gives /claim/:version/:step the funnel's step named in the path", async () => {
    renderAt("/claim/routes/second");
    expect(await screen.findByRole("heading", { name: "The second step" })).toBeTruthy();
  });

  it("matches a page with a trailing slash and any case, as react-router's matcher does", () => {
    renderAt("/Claim/routes/first/");
    expect(screen.getByRole("heading", { name: "The first step" })).toBeTruthy();
  });

  it("says Page not found for a path no page has, and for a claim path with a step too many", async () => {
    await act(async () => renderAt("/no-such-page"));
    // The page's code loads when it is shown.
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    cleanup();
    renderAt("/claim/routes/first/extra");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });

  it("sends a lazily loaded page through its loading state, never to Page not found", () => {
    renderAt("/login");
    expect(screen.getByText("Checking access permissions...")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Page not found" })).toBeNull();
  });

  // After the test above, which relies on the login page's code not being loaded yet.
  it("draws a lazily loaded page at once, without its loading state, once loadPageCode has loaded it", async () => {
    await loadPageCode("/login", false);
    renderAt("/login");
    expect(screen.getByRole("button", { name: /sign in/i })).toBeTruthy();
    expect(screen.queryByText("Checking access permissions...")).toBeNull();
  });
});
