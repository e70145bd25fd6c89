import { evaluateCondition } from "../engine/conditions";
import type { HookImplementation } from "../funnel/runtime";

/** Stops the step with an alert (e.g. 'Please sign the form to continue') unless the condition holds. */
export const requireCondition: HookImplementation<"requireCondition"> = async (call, runtime) => {
  const holds = evaluateCondition(call.condition, {
    data: runtime.getData(),
    query: runtime.query,
    brand: runtime.brand as unknown as Record<string, unknown>,
    fields: runtime.funnel.fields,
  });
  return holds ? { ok: true } : { ok: false, error: call.alert, alert: true };
};
