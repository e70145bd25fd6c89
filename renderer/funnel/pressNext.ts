import type { FunnelDefinition, NavTarget } from "../../schema/types";
import { tryAgainMessage } from "../components/ErrorBoundary";
import { afterChange } from "../../engine/answers";
import type { ConditionContext } from "../../engine/conditions";
import { findStep, nextTarget, progressOf } from "../../engine/flow";
import type { SummaryItem } from "../layout/ErrorSummary";
import { dropWaitingChecks } from "../runtime/afterPointerRelease";
import { changeSearch, returnStepOf } from "./changeReturn";
import { runHooks } from "../machine/runHooks";
import type { EventCounter, FunnelRuntime } from "../runtime/runtime";
import { stepIsValid, stepShowsNoError } from "./stepValidity";
import type { StepErrors } from "./useStepErrors";
import { replayTypedValues } from "./typedBeforeHydration";

export interface NextPress {
  /** The runtime of the render the press came from (its step, form, query and busy setter). */
  runtime: FunnelRuntime;
  /** The input paths of the step on screen (read at each use: the press outlives its render). */
  paths: () => readonly string[];
  /** The step's main element, holding what was typed before the page was live. */
  main: HTMLElement | null;
  errors: StepErrors;
  /** Asks for the error summary to take the focus once it is drawn. */
  focusSummary: () => void;
  count: EventCounter;
  go: (target: NavTarget | null, search?: string) => Promise<void>;
  /** The address's query string. */
  search: string;
  freshConditions: () => ConditionContext;
}

/** The rule a validation message came from (the definition's, by its message), for the analytics; never the value. */
function failedRule(funnel: FunnelDefinition, path: string, message: string): string {
  return funnel.fields[path]?.rules?.find((rule) => rule.message === message)?.rule ?? "other";
}

/**
 * Next: validates the step (the error summary when it fails), runs its onNext hooks, and moves on by the
 * `next` rules, or back to the check page a change came from.
 */
export async function pressNext(press: NextPress): Promise<void> {
  const { runtime, paths, errors, count, go, search, freshConditions } = press;
  const { funnel, step, form, query } = runtime;
  // A press that comes before the scheduled replay enters what was typed first, so Next sees it.
  if (press.main) replayTypedValues(press.main);
  if (errors.stepError) errors.setStepError(null);
  count("next_pressed", step.id);
  let valid: boolean;
  let passes: boolean;
  try {
    valid = stepShowsNoError(form, paths()) && (await stepIsValid(funnel, paths(), form.getValues()));
    // Only a step with something to show asks react-hook-form: trigger re-renders every field of the step
    // with its (empty) errors, just before the step is left. A valid step's check is the resolver's own rules.
    passes = valid || (await form.trigger(paths() as string[]));
  } catch {
    // The validation code or react-hook-form could not be loaded (the connection dropped): the step stays, and says so.
    errors.setStepError(tryAgainMessage());
    return;
  }
  if (!passes) {
    const items = paths()
      .map((path) => ({ path, message: form.getFieldState(path).error?.message }))
      .filter((item): item is SummaryItem => Boolean(item.message));
    errors.setSummary(items);
    for (const item of items) count("validation_failed", step.id, { f: item.path, r: failedRule(funnel, item.path, item.message) });
    press.focusSummary();
    return;
  }
  if (errors.summary.length) errors.setSummary([]);
  // The field the press on Next took the focus from is valid too: its own check on leaving it is not needed.
  if (valid) dropWaitingChecks();
  // A step without onNext hooks moves on in the same task: no busy render before the next step's.
  if (step.onNext?.length) {
    runtime.setBusy(true);
    const outcome = await runHooks(step.onNext, runtime, "next", count);
    runtime.setBusy(false);
    if (!outcome.ok) {
      // A failure put right on another step (signing again): the visitor goes there, its message with them.
      if (outcome.fixOnStep && outcome.fixOnStep !== step.id) {
        errors.carryTo(outcome.fixOnStep, outcome.error);
        await go({ step: outcome.fixOnStep });
        return;
      }
      errors.setStepError(outcome.error);
      return;
    }
  }
  const target = nextTarget(funnel, step.id, freshConditions());
  // Leaving the funnel (a link out, such as to the portal) or Next on its last step completes it.
  count(progressOf(funnel, step.id, freshConditions()).isLast || (target && "href" in target) ? "funnel_completed" : "step_left", step.id, {
    o: "next",
  });
  // A change made from a check page goes back there, unless it opened a question not yet answered.
  const checkStep = returnStepOf(funnel, query);
  if (checkStep && checkStep !== step.id && target && "step" in target) {
    const to = afterChange(funnel, findStep(funnel, target.step), checkStep, freshConditions());
    return go({ step: to }, to === checkStep ? changeSearch(search, null) : search);
  }
  await go(target);
}
