/**
 * Loads lazily imported blocks ahead of a render. The server loads them all once, so its synchronous render
 * draws them in full; the browser loads the current step's before hydrating, so hydration never meets a
 * block whose code is still on its way (React would then swap the server's HTML for the spinner, and the page
 * would jump).
 */
import { blockRegistry } from "./registry";

interface LazyComponent {
  $$typeof: symbol;
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

const isLazy = (component: unknown): component is LazyComponent =>
  typeof component === "object" && component !== null && (component as LazyComponent).$$typeof === Symbol.for("react.lazy");

/** Starts React.lazy's own loading (so React sees the component as loaded) and waits for it. */
export async function loadLazyBlocks(types: readonly string[] = Object.keys(blockRegistry)): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (const type of new Set(types)) {
    const component = (blockRegistry as unknown as Record<string, unknown>)[type];
    if (!isLazy(component)) continue;
    try {
      component._init(component._payload);
    } catch (thrown) {
      if (thrown && typeof (thrown as PromiseLike<unknown>).then === "function") pending.push(Promise.resolve(thrown));
    }
  }
  await Promise.allSettled(pending);
}
