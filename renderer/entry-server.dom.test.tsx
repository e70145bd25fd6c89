// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act } from "@testing-library/react";
import { StrictMode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import type { FunnelDefinition } from "../schema/types";
import { App } from "./App";
import { FIXTURE_TEXT } from "./testing/siteText";
import { setBoot, type Boot, type BrandTheme } from "./boot";
import { loadLazyCode, renderPage } from "./entry-server";
import { noteTypedValues } from "./funnel/typedBeforeHydration";

const funnel = {
  version: "ssr",
  title: "Server rendering fixture",
  routing: { path: "ssr", unknownStep: "firstStep" },
  navigation: { nextLabel: "Next", busyLabel: "Working...", submitLabel: "Submit", backLabel: "Back", firstStepBack: "hidden" },
  layout: { showProgress: true, topBar: { text: "Rated by 10 people", rating: 5 }, banner: { text: "Average refund of £950" } },
  fields: {
    "person.firstName": {
      kind: "text",
      label: "First name",
      rules: [
        { rule: "required", message: "Please enter your first name" },
        { rule: "maxLength", value: 10, message: "Ten letters at most" },
      ],
    },
    "person.title": { kind: "select", label: "Title", options: [{ value: "Dr", label: "Dr" }] },
  },
  steps: [
    {
      id: "about",
      title: "About you",
      blocks: [
        { type: "heading", props: { text: "About you" } },
        { type: "textInput", props: { field: "person.firstName" } },
        { type: "selectInput", props: { field: "person.title", placeholder: "Select" } },
        {
          type: "testimonials",
          props: {
            heading: "What people say",
            items: [1, 2].map((n) => ({ name: `P${n}`, rating: 5, when: "today", heading: `Good ${n}`, text: "Fine." })),
          },
        },
      ],
    },
    { id: "done", title: "Done", footer: "hidden", blocks: [{ type: "heading", props: { text: "Done" } }] },
  ],
} as unknown as FunnelDefinition;

const brand = {
  brandId: "fixture",
  brandName: "Fixture Claims",
  logoUrl: "/logo.svg",
  primary_color: "#0b5cad",
  footerText: "Fixture footer.",
} as unknown as BrandTheme;
const boot: Boot = { brand, funnel, mountPath: "ssr", stepId: "about", status: 200, env: "test", testMode: true, text: FIXTURE_TEXT };

let root: Root | null = null;
beforeAll(() => loadLazyCode());
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  setBoot(null);
});

describe("a server-rendered funnel step", () => {
  it("draws the step in full, lazy blocks included, with Next disabled until the page hydrates", () => {
    const html = renderPage("/claim/ssr/about", boot);
    expect(html).toContain('name="person.firstName"');
    expect(html).toContain("What people say");
    // The top bar and banner, loaded lazily in the browser, are drawn by the server all the same.
    expect(html).toContain("Rated by 10 people");
    expect(html).toContain("Average refund of £950");
    expect(html).not.toContain('aria-label="Loading"');
    expect(html).toContain("Test mode");
    // No inline style: the page is painted under a CSP without 'unsafe-inline'.
    expect(html).not.toMatch(/style="/);
    expect(html).toMatch(/<button[^>]*step-nav__next[^>]*disabled=""/);
  });

  function serverPage() {
    window.history.replaceState(null, "", "/claim/ssr/about");
    const container = document.createElement("div");
    container.innerHTML = renderPage("/claim/ssr/about", boot);
    document.body.append(container);
    setBoot(boot);
    return container;
  }

  async function hydrate(container: HTMLElement) {
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  }

  it("hydrates without a mismatch; Next then validates the step and the error summary takes focus", async () => {
    const container = serverPage();
    const heading = container.querySelector("h1");
    const [topBar, banner] = [container.querySelector(".top-bar"), container.querySelector(".funnel-banner")];
    expect(topBar && banner).toBeTruthy();
    const input = container.querySelector<HTMLInputElement>('input[name="person.firstName"]')!;
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, "error").mockImplementation((...args) => void errors.push(args));
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    // Hydration kept the server's elements rather than drawing new ones, the top bar and banner's too.
    expect(container.querySelector("h1")).toBe(heading);
    expect(container.querySelector(".top-bar")).toBe(topBar);
    expect(container.querySelector(".funnel-banner")).toBe(banner);
    expect(banner?.textContent).toBe("Average refund of £950");
    expect(container.querySelector('input[name="person.firstName"]')).toBe(input);
    const next = container.querySelector<HTMLButtonElement>(".step-nav__next")!;
    expect(next.disabled).toBe(false);
    // Empty step: the error summary takes focus.
    await act(async () => next.click());
    await vi.waitFor(() => expect(document.activeElement?.textContent).toContain("Please enter your first name"), { timeout: 5000 });
  });

  it("checks a field the visitor typed into and left before the script ran, once the page is live", async () => {
    const container = serverPage();
    const input = container.querySelector<HTMLInputElement>('input[name="person.firstName"]')!;
    input.value = "Bartholomew-James";
    noteTypedValues(container);
    await hydrate(container);
    await vi.waitFor(() => expect(container.textContent).toContain("Ten letters at most"), { timeout: 5000 });
    expect(input.value).toBe("Bartholomew-James");
  });

  it("keeps what the visitor typed before the script ran, and moves on with it", async () => {
    const container = serverPage();
    const input = container.querySelector<HTMLInputElement>('input[name="person.firstName"]')!;
    input.focus();
    input.value = "Sam";
    noteTypedValues(container);
    await hydrate(container);
    // The visitor's place is kept: focus stays in the field rather than jumping to the heading.
    expect(document.activeElement).toBe(input);
    await vi.waitFor(() => expect(input.value).toBe("Sam"), { timeout: 5000 });
    await act(async () => container.querySelector<HTMLButtonElement>(".step-nav__next")!.click());
    await vi.waitFor(() => expect(container.querySelector("h1")?.textContent).toBe("Done"), { timeout: 5000 });
  });
});
