/**
 * Server rendering of a funnel step: the server already has the funnel, the brand and the step, so the
 * page arrives with the step's HTML and the browser hydrates it instead of drawing it from nothing.
 * Built by `vite build --ssr` (CSS imports drop out) and loaded by server/spa/serverRender.ts.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { AppFrame, AppRoutes } from "./App";
import { setBoot, type Boot } from "./boot";
import { loadLazyBlocks } from "./blocks/loadLazyBlocks";
import { loadFormKit } from "./runtime/formKit";
import { loadFunnelChrome } from "./layout/lazyFunnelChrome";

/** The markup inside #root for this URL; the browser's first render of the same boot data matches it. */
export function renderPage(url: string, boot: Boot): string {
  // renderToString runs synchronously, so the module-wide boot data belongs to this request throughout.
  setBoot(boot);
  try {
    return renderToString(
      <StrictMode>
        <AppFrame>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppFrame>
      </StrictMode>,
    );
  } finally {
    setBoot(null);
  }
}

/** Loads every lazily loaded block, the top bar and banner, and react-hook-form, so the synchronous render draws any step in full. */
export async function loadLazyCode(): Promise<void> {
  await Promise.all([loadLazyBlocks(), loadFunnelChrome(), loadFormKit()]);
}
