/**
 * Loads React.lazy components ahead of a render. A component that suspends while it is drawn shows its
 * Suspense fallback, and React then keeps that fallback on screen for at least 300 ms (its throttle against
 * flicker) even when the code arrives sooner; loaded first, the component draws at once.
 */
interface LazyComponent {
  $$typeof: symbol;
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

const isLazy = (component: unknown): component is LazyComponent =>
  typeof component === "object" && component !== null && (component as LazyComponent).$$typeof === Symbol.for("react.lazy");

/** Starts React.lazy's own loading (so React sees each component as loaded) and waits for it; failures are left for the render. */
export async function loadLazyComponents(components: Iterable<unknown>): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (const component of components) {
    if (!isLazy(component)) continue;
    try {
      component._init(component._payload);
    } catch (thrown) {
      if (thrown && typeof (thrown as PromiseLike<unknown>).then === "function") pending.push(Promise.resolve(thrown));
    }
  }
  await Promise.allSettled(pending);
}
