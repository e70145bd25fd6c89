import { evaluateCondition } from "../../engine/conditions";
import type { HookImplementation } from "../runtime/runtime";
import { runtimeConditions } from "../runtime/runtimeConditions";

/** Stops the step with an alert (e.g. 'Please sign the form to continue') unless the condition holds. */
export const requireCondition: HookImplementation<"requireCondition"> = async (call, runtime) => {
  const holds = evaluateCondition(call.condition, runtimeConditions(runtime));
  return holds ? { ok: true } : { ok: false, error: call.alert, alert: true };
};
