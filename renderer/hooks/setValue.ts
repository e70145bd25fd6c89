import type { HookImplementation } from "../runtime/runtime";

export const setValue: HookImplementation<"setValue"> = async (call, runtime) => {
  runtime.setValue(call.field, call.value);
  return { ok: true };
};
