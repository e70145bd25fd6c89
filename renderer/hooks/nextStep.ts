/** Moves on as the footer's Next does: the step's onNext hooks, then its next rules. */
import type { HookImplementation } from "../runtime/runtime";

export const nextStep: HookImplementation<"nextStep"> = async (_call, runtime) => {
  await runtime.goNext();
  return { ok: true };
};
