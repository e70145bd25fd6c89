import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { loadLazyBlocks } from "./blocks/loadLazyBlocks";
import { stepUsesForm } from "./engine/formSteps";
import { loadFormKit } from "./funnel/formKit";
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
const step = boot.funnel?.steps.find((s) => s.id === boot.stepId);
if (matchesServerRender(root, boot)) {
  const types = step?.blocks.map((block) => block.type) ?? [];
  // The server linked the code of the step's lazy blocks, and react-hook-form when the step has a field, into
  // the page (modulepreload), so this is quick.
  void Promise.all([loadLazyBlocks(types), step && stepUsesForm(step) ? loadFormKit() : null]).then(() => {
    noteTypedValues(root);
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  // A visitor who comes back mostly goes on to a step with fields: react-hook-form loads beside the first render.
  if (boot.funnel) void loadFormKit().catch(() => undefined);
  createRoot(root).render(app);
}
