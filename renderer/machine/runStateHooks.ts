/**
 * Runs one machine state's hook calls with the funnel runtime, as runHooks
 * does for onEnter/onNext, but keeps the outcome string of the last hook that
 * named one: that is what the state branches on.
 */
import type { HookCall } from "../../schema/types";
import { hookRegistry } from "../hooks/registry";
import type { FunnelRuntime, HookImplementation, HookOutcome } from "../runtime/runtime";
import { siteText } from "../siteText";
import type { StateResult } from "./interpreter";

export type HookLookup = (name: HookCall["hook"]) => HookImplementation<HookCall["hook"]>;

const fromRegistry: HookLookup = (name) => hookRegistry[name] as HookImplementation<HookCall["hook"]>;

export async function runStateHooks(
  calls: readonly HookCall[],
  runtime: FunnelRuntime,
  lookup: HookLookup = fromRegistry,
): Promise<StateResult> {
  let outcomeName: string | undefined;
  for (const call of calls) {
    let outcome: HookOutcome;
    try {
      outcome = await lookup(call.hook)(call as never, runtime);
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error && error.message ? error.message : siteText("common").genericError };
    }
    if (!outcome.ok) {
      if (call.onFailure === "ignore") continue;
      return { ok: false, error: outcome.error || siteText("common").genericError };
    }
    if (outcome.outcome) outcomeName = outcome.outcome;
  }
  return outcomeName ? { ok: true, outcome: outcomeName } : { ok: true };
}
