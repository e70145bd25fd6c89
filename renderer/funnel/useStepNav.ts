import { useState } from "react";
import type { FunnelDefinition, NavTarget } from "../../schema/types";
import { evaluateCondition, type ConditionContext } from "../../engine/conditions";
import { backTarget } from "../../engine/flow";
import type { StepNavProps } from "../layout/StepNav";
import type { EventCounter, FunnelRuntime } from "../runtime/runtime";
import { useLatestRef } from "../runtime/useLatestRef";

export interface StepNavOptions {
  funnel: FunnelDefinition;
  runtime: FunnelRuntime;
  conditions: ConditionContext;
  /** Whether the step is the funnel's last (Next then says the submit label). */
  isLast: boolean;
  go: (target: NavTarget | null) => Promise<void>;
  count: EventCounter;
}

/**
 * The nav bar under the step: Back and Next, their labels, Continue gating, and its stability.
 * `shown`: whether the step has it. `drawn`: once drawn, the nav bar stays in the page, hidden on a step without
 * it. The Next just pressed holds the focus, and taking a focused element out of the page makes the browser move
 * the focus, with its blur events, while the next step is drawn (about 2 ms on a slow phone); hidden, it loses the
 * focus after the step is drawn.
 */
export function useStepNav({ funnel, runtime, conditions, isLast, go, count }: StepNavOptions) {
  const { step, busy } = runtime;
  const canContinue = !step.continueWhen || evaluateCondition(step.continueWhen, conditions);
  const back = backTarget(funnel, step.id, conditions);
  const nextLabel = isLast ? funnel.navigation.submitLabel : (step.nextButton?.label ?? funnel.navigation.nextLabel);
  const busyLabel = step.nextButton?.busyLabel ?? funnel.navigation.busyLabel;
  const shown = step.footer !== "hidden";
  const [drawn, setDrawn] = useState(shown);
  if (shown && !drawn) setDrawn(true);
  // Back and Next keep their identity across renders, so the (memoised) nav bar is not redrawn while the visitor
  // types or when the next step has the same labels; they act on the newest render's runtime.
  const latest = useLatestRef({ runtime, back, go, count });
  const [handlers] = useState(() => ({
    next: () => void latest.current.runtime.goNext(),
    back: () => {
      latest.current.count("step_left", latest.current.runtime.step.id, { o: "back" });
      void latest.current.go(latest.current.back);
    },
  }));
  const props: StepNavProps = {
    hidden: !shown,
    backLabel: funnel.navigation.backLabel,
    onBack: back ? handlers.back : undefined,
    nextLabel: busy ? busyLabel : nextLabel,
    onNext: handlers.next,
    nextDisabled: !canContinue,
    busy,
  };
  return { shown, drawn, props };
}
