/** Goes to a step of this funnel (keeping the query string) or to a site path. */
import type { HookImplementation } from "../funnel/runtime";
import { flushHistoryWrites } from "../routing/historyWrites";

export const navigate: HookImplementation<"navigate"> = async (call, runtime) => {
  if (call.href) {
    runtime.goTo(call.href);
    return { ok: true };
  }
  if (!call.step) return { ok: false, error: "Nowhere to go" };
  if (runtime.goToStep) runtime.goToStep(call.step);
  else {
    // The address bar is a frame behind a step change until the change is written: it is written first.
    flushHistoryWrites();
    const mount = window.location.pathname.split("/")[2] ?? runtime.funnel.routing.path;
    runtime.goTo(`/claim/${mount}/${call.step}${window.location.search}`);
  }
  return { ok: true };
};
