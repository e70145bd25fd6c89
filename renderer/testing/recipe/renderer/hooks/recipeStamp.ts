/** The test-only hook's implementation. Its call is typed by hand: HookCall does not hold it. */
import type { FunnelRuntime, HookOutcome } from "../../../../runtime/runtime";

export async function recipeStamp(call: { field: string; stamp: string }, runtime: FunnelRuntime): Promise<HookOutcome> {
  runtime.setValue(call.field, call.stamp);
  return { ok: true };
}
