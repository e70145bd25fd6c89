/**
 * The top bar and banner (FunnelChrome.tsx, with their stylesheet) load like a lazily loaded block, so the first
 * page of a funnel without them (most funnels) carries neither their code nor their CSS. The server links their
 * chunk into a drawn step that shows them (server/spa/serverRender.ts), the browser loads it before hydrating or
 * drawing such a page (main.tsx) and Next before drawing such a step (useStepNavigation.ts), so they are drawn at
 * once. Reached any other way, the header shows without them until their code is here (a Suspense boundary of
 * their own, with nothing as its fallback), never the whole page's spinner.
 */
import { lazy, Suspense, type ComponentProps } from "react";
import type { FunnelDefinition, StepDefinition } from "../../schema/types";
import { showsHeaderChrome } from "../../engine/layout";
import { loadLazyComponents } from "../components/loadLazyComponents";

const LazyChrome = lazy(() => import("./FunnelChrome"));

/** The top bar (`bar`) or the banner (`text`). */
export function FunnelChrome(props: ComponentProps<typeof LazyChrome>) {
  return (
    <Suspense fallback={null}>
      <LazyChrome {...props} />
    </Suspense>
  );
}

/**
 * Loads the chrome's code ahead of a render: for a step, only when it shows a top bar or banner; without one (the
 * server's render, which draws any step), always.
 */
export function loadFunnelChrome(at?: { funnel: FunnelDefinition; step: StepDefinition }): Promise<void> {
  return at && !showsHeaderChrome(at.funnel, at.step) ? Promise.resolve() : loadLazyComponents([LazyChrome]);
}
