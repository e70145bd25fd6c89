/**
 * Runs a list of hook calls in order. A failing hook stops the list unless it
 * says onFailure "ignore"; `once` hooks run at most once per claim (their keys
 * are remembered in the form data so a reload does not repeat them).
 */
import type { HookCall } from "../../schema/types";
import type { EventCounter, FunnelRuntime, HookImplementation, HookOutcome } from "../runtime/runtime";
import { siteText } from "../siteText";

const DONE_KEY = "hooksDone";

export function onceKey(stepId: string, phase: string, index: number, call: HookCall): string {
  return `${stepId}:${phase}:${index}:${call.hook}`;
}

export async function runHooks(
  calls: readonly HookCall[] | undefined,
  runtime: FunnelRuntime,
  phase: "enter" | "next" | "action",
  count?: EventCounter,
): Promise<HookOutcome> {
  if (!calls?.length) return { ok: true };
  // The hooks and the API calls behind them load with the first step that has any, not with the first page.
  const { hookRegistry } = await import("../hooks/registry");
  for (const [index, call] of calls.entries()) {
    const key = onceKey(runtime.step.id, phase, index, call);
    const done = (runtime.getData()[DONE_KEY] as string[] | undefined) ?? [];
    if (call.once && done.includes(key)) continue;
    const implementation = hookRegistry[call.hook] as HookImplementation<typeof call.hook>;
    let outcome: HookOutcome;
    try {
      outcome = await implementation(call as never, runtime);
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : siteText("common").genericError };
    }
    count?.("hook", runtime.step.id, { h: call.hook, o: outcome.ok ? (outcome.outcome ?? "ok") : "failed" });
    if (outcome.ok && call.once) runtime.setValue(DONE_KEY, [...done, key]);
    if (!outcome.ok && call.onFailure !== "ignore") return outcome;
  }
  return { ok: true };
}
