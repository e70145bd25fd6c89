/** Goes to a step of this funnel (keeping the query string) or to a site path. */
import type { HookImplementation } from "../runtime/runtime";
import { siteText } from "../siteText";

export const navigate: HookImplementation<"navigate"> = async (call, runtime) => {
  if (call.href) {
    runtime.goTo(call.href);
    return { ok: true };
  }
  if (!call.step) return { ok: false, error: siteText("common").nowhereToGo };
  if (runtime.goToStep) runtime.goToStep(call.step);
  else {
    const mount = window.location.pathname.split("/")[2] ?? runtime.funnel.routing.path;
    runtime.goTo(`/claim/${mount}/${call.step}${window.location.search}`);
  }
  return { ok: true };
};
