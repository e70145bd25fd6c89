/**
 * How much of the viewport the fixed bars cover (the test-mode ribbon and the site header at the top, the Back /
 * Next bar at the bottom), kept in two CSS custom properties on the root element: `--fixed-top` and
 * `--fixed-bottom`. The root's `scroll-padding` reads them (styles/app.css), so the browser never scrolls a
 * focused control (Tab, an error summary's link, a field's own focus) behind a bar, whatever the bars hold:
 * a brand's long name, a top bar and banner, 200% text. A bar that is not fixed (short viewports make them
 * static) or is hidden covers nothing.
 */
import { useEffect, type RefObject } from "react";

export type FixedEdge = "top" | "bottom";

const bars = new Map<HTMLElement, FixedEdge>();
let observer: ResizeObserver | null = null;
let written = { top: -1, bottom: -1 };

/** The distance from its edge of the viewport to the far side of a bar, when it stays on screen as the page scrolls. */
function coverage(element: HTMLElement, edge: FixedEdge): number {
  const style = getComputedStyle(element);
  if (style.display === "none" || (style.position !== "fixed" && style.position !== "sticky")) return 0;
  const offset = parseFloat(edge === "top" ? style.top : style.bottom);
  return Math.ceil((Number.isFinite(offset) ? offset : 0) + element.getBoundingClientRect().height);
}

function update() {
  let top = 0;
  let bottom = 0;
  for (const [element, edge] of bars) {
    if (edge === "top") top = Math.max(top, coverage(element, edge));
    else bottom = Math.max(bottom, coverage(element, edge));
  }
  // Written only when they change: a style change on the root has the whole page's styles worked out again.
  if (top === written.top && bottom === written.bottom) return;
  written = { top, bottom };
  const root = document.documentElement.style;
  root.setProperty("--fixed-top", `${top}px`);
  root.setProperty("--fixed-bottom", `${bottom}px`);
}

function register(element: HTMLElement, edge: FixedEdge): () => void {
  if (typeof ResizeObserver === "undefined") return () => undefined;
  if (!observer) {
    observer = new ResizeObserver(update);
    // A resize or zoom can switch the bars between fixed and static (a media query) without changing their size.
    window.addEventListener("resize", update);
  }
  bars.set(element, edge);
  observer.observe(element);
  return () => {
    bars.delete(element);
    observer?.unobserve(element);
    update();
  };
}

/** Counts the element in the fixed bars' coverage of the viewport while it is mounted. */
export function useFixedBar(ref: RefObject<HTMLElement | null>, edge: FixedEdge) {
  useEffect(() => {
    const element = ref.current;
    return element ? register(element, edge) : undefined;
  }, [ref, edge]);
}
