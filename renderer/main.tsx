import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { loadLazyBlocks } from "./blocks/loadLazyBlocks";
import { readBoot, type Boot } from "./boot";
import { loadProgress } from "./funnel/progressStore";
import { noteTypedValues } from "./funnel/typedBeforeHydration";
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
if (matchesServerRender(root, boot)) {
  const step = boot.funnel?.steps.find((s) => s.id === boot.stepId);
  const types = step?.blocks.map((block) => block.type) ?? [];
  // The server linked the code of the step's lazy blocks into the page (modulepreload), so this is quick.
  void loadLazyBlocks(types).then(() => {
    noteTypedValues(root);
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
