import type { HookImplementation } from "../funnel/runtime";

export const setValue: HookImplementation<"setValue"> = async (call, runtime) => {
  runtime.setValue(call.field, call.value);
  return { ok: true };
};
