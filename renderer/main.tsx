import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, loadPageCode } from "./App";
import { loadLazyBlocks } from "./blocks/loadLazyBlocks";
import { loadFunnelChrome } from "./layout/lazyFunnelChrome";
import { stepNeedsFormKit } from "../engine/formSteps";
import { loadFormKit } from "./runtime/formKit";
import { loadDateLocale } from "./runtime/dateLocale";
import { readBoot, type Boot } from "./boot";
import { loadProgress } from "./runtime/progressStore";
import { noteTypedValues } from "./funnel/typedBeforeHydration";
import { markLive, pressedBeforeLive } from "./funnel/pressedBeforeLive";
import { loadNextPress } from "./funnel/loadNextPress";
import "./styles/app.css";

/**
 * The server renders a funnel step as a first-time visitor sees it. A visitor with progress kept in this
 * browser sees different answers (and waits for the rest from the server), so that page is drawn afresh.
 */
function matchesServerRender(root: HTMLElement, boot: Boot): boolean {
  if (!root.firstElementChild || !boot.funnel) return false;
  return Object.keys(loadProgress(boot.brand.brandId, boot.funnel)).length === 0;
}

const boot = readBoot();
const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const step = boot.funnel?.steps.find((s) => s.id === boot.stepId);
// react-hook-form, when a block of the page's step needs it to be drawn (drawn without it, that step would show a
// spinner first); the server linked it into such a page (modulepreload), so this is quick. A step of fields does
// not wait for it: it comes at the visitor's first action. Should it fail to load, the page is drawn anyway, and
// the runner asks for it again.
const formKit = step && stepNeedsFormKit(step) ? loadFormKit().catch(() => undefined) : null;
// The dates of a page in another language (resolved at once for English).
const dateLocale = loadDateLocale(boot.lang);
// The top bar and banner of a step that shows them (linked by the server into such a page, like its lazy blocks).
const chrome = boot.funnel && step ? loadFunnelChrome({ funnel: boot.funnel, step }) : null;
if (matchesServerRender(root, boot)) {
  const types = step?.blocks.map((block) => block.type) ?? [];
  // The server linked the code of the step's lazy blocks too.
  void Promise.all([loadLazyBlocks(types), chrome, formKit, dateLocale]).then(() => {
    noteTypedValues(root);
    // A button pressed before now is pressed again once the step is live, mostly Next or a button that goes on as
    // Next does: the Next press's code comes while the page hydrates, not after it.
    if (pressedBeforeLive()) void loadNextPress().catch(() => undefined);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
    // in one long task; the page is already drawn, and a click or key on it hydrates its part at once.
    markLive();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  });
} else {
  root.replaceChildren();
  // Another funnel page (a visitor who comes back) mostly goes on to a step with fields: it loads beside the render.
  if (boot.funnel && !formKit) void loadFormKit().catch(() => undefined);
  // The page's own code (a site page, or the step's lazy blocks) first: drawn before it is there, the page would
  // show a spinner for at least 300 ms (React's throttle) however soon it arrives.
  const pageCode = loadPageCode(window.location.pathname, boot.status === 404);
  const blocks = loadLazyBlocks(step?.blocks.map((block) => block.type) ?? []);
  void Promise.all([formKit, pageCode, blocks, chrome, dateLocale]).then(() => createRoot(root).render(app));
}
