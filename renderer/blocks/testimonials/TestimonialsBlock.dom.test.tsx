// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderBlock } from "../testing/renderBlock";
import { TestimonialsBlock } from "./TestimonialsBlock";

/** Ten testimonials: the first two as written, the rest numbered, with headings longer than five words. */
const ITEMS = [
  { heading: "Absolutely brilliant service from start to finish", when: "2 days ago" },
  { heading: "Quick, simple and no hassle at all", when: "4 days ago" },
  ...Array.from({ length: 8 }, (_, i) => ({ heading: `Testimonial number ${i + 3} with a long heading`, when: "1 week ago" })),
].map((item, i) => ({ ...item, name: `Customer ${i + 1}`, rating: i === 3 ? 4 : 5, text: `What customer ${i + 1} said.` }));

const PROPS = {
  heading: "What our customers say",
  label: "Customer testimonials",
  intervalMs: 5000,
  narrowMaxWidth: 767,
  headingWords: 5,
  items: ITEMS,
};

/** A matchMedia whose width and reduced-motion answers the test chooses. */
function stubMedia({ width, reducedMotion = false }: { width: number; reducedMotion?: boolean }) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      const matches = max ? width <= Number(max[1]) : query.includes("prefers-reduced-motion") ? reducedMotion : false;
      return {
        matches,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        dispatchEvent: vi.fn(),
      };
    }),
  );
}

const render = () => renderBlock("testimonials", TestimonialsBlock, { props: PROPS, strict: false });
const visibleHeading = () => screen.getAllByRole("heading", { level: 3 }).filter((h) => !h.closest("[hidden]"));
const carousel = () => screen.getByRole("region", { name: "Customer testimonials" });

describe("TestimonialsBlock", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("under 768 px is a labelled carousel of 10 slides, one shown, rotating every 5 seconds", async () => {
    stubMedia({ width: 390 });
    render();
    const region = carousel();
    expect(region.getAttribute("aria-roledescription")).toBe("carousel");
    const slides = within(region).getAllByRole("group", { hidden: true });
    expect(slides).toHaveLength(10);
    expect(slides[0].getAttribute("aria-label")).toBe("1 of 10");
    expect(visibleHeading()).toHaveLength(1);
    expect(visibleHeading()[0].textContent).toBe("Absolutely brilliant service from start…");
    expect(within(slides[0]).getByText("Rated 5 out of 5")).toBeTruthy();
    expect(within(slides[0]).getByText("2 days ago")).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(visibleHeading()[0].textContent).toBe("Absolutely brilliant service from start…");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(visibleHeading()[0].textContent).toBe("Quick, simple and no hassle…");
    await act(() => vi.advanceTimersByTimeAsync(5000 * 9));
    expect(visibleHeading()[0].textContent).toBe("Absolutely brilliant service from start…"); // wraps round after the tenth
  });

  it("has previous, pause and next controls; the live region speaks only when not rotating", async () => {
    stubMedia({ width: 390 });
    render();
    const slides = document.querySelector(".testimonials__slides")!;
    expect(slides.getAttribute("aria-live")).toBe("off");
    fireEvent.click(screen.getByRole("button", { name: "Next testimonial" }));
    expect(screen.getByRole("group", { name: "2 of 10" }).hidden).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Previous testimonial" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous testimonial" }));
    expect(screen.getByRole("group", { name: "10 of 10" }).hidden).toBe(false);

    fireEvent.blur(screen.getByRole("button", { name: "Previous testimonial" }));
    fireEvent.click(screen.getByRole("button", { name: "Pause testimonials" }));
    fireEvent.blur(screen.getByRole("button", { name: "Play testimonials" }));
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.getByRole("group", { name: "10 of 10" }).hidden).toBe(false);
    expect(slides.getAttribute("aria-live")).toBe("polite");
    fireEvent.click(screen.getByRole("button", { name: "Play testimonials" }));
    fireEvent.blur(screen.getByRole("button", { name: "Pause testimonials" }));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole("group", { name: "1 of 10" }).hidden).toBe(false);
  });

  it("pauses while it has focus or the pointer", async () => {
    stubMedia({ width: 390 });
    render();
    const region = carousel();
    fireEvent.focus(screen.getByRole("button", { name: "Next testimonial" }));
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(screen.getByRole("group", { name: "1 of 10" }).hidden).toBe(false);
    fireEvent.blur(screen.getByRole("button", { name: "Next testimonial" }));
    fireEvent.mouseEnter(region);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(screen.getByRole("group", { name: "1 of 10" }).hidden).toBe(false);
    fireEvent.mouseLeave(region);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole("group", { name: "2 of 10" }).hidden).toBe(false);
  });

  it("does not rotate for users who prefer reduced motion, until they press play", async () => {
    stubMedia({ width: 390, reducedMotion: true });
    render();
    expect(screen.getByRole("button", { name: "Play testimonials" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole("group", { name: "1 of 10" }).hidden).toBe(false);
  });

  it("768 px and wider is a two-column grid of every testimonial with no carousel controls", async () => {
    stubMedia({ width: 1280 });
    render();
    expect(screen.queryByRole("region", { name: "Customer testimonials" })).toBeNull();
    expect(document.querySelector(".testimonials__grid")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(10);
    expect(screen.queryByRole("button")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getAllByRole("heading", { level: 3 })[0].textContent).toBe("Absolutely brilliant service from start…");
    for (const h of screen.getAllByRole("heading", { level: 3 }))
      expect(h.textContent!.replace("…", "").split(/\s+/).length).toBeLessThanOrEqual(5);
  });
});
