/**
 * react-hook-form loads with the first step that has something to fill in, not with every page: a step of
 * headings, copy and buttons (the landing step of most funnels) is drawn and hydrated without it, and that
 * page's first load is about 16 KiB gzip lighter. The server links it into a page whose step needs it
 * (server/spa/serverRender.ts), the browser loads it before hydrating such a step (main.tsx), and the runner
 * loads it from the visitor's first action and before it draws a step that needs it (FunnelRunner.tsx).
 */
import { loadKept } from "../loadOnce";

export type FormKit = typeof import("./formKitModule");

const kit = loadKept<FormKit>(() => import("./formKitModule"));

export const loadFormKit = kit.load;

/** The kit if it has loaded, without waiting. */
export const loadedFormKit = kit.loaded;

/** The kit, for code that only runs on a step that needs it (which is not drawn before the kit is here). */
export function formKit(): FormKit {
  const loaded = loadedFormKit();
  if (!loaded) throw new Error("react-hook-form is not loaded yet: a step that uses the form was drawn before loadFormKit()");
  return loaded;
}
