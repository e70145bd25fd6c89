import type { FunnelDefinition, StepDefinition } from "../../schema/types";
import type { ConditionContext } from "../../engine/conditions";
import { nextTarget } from "../../engine/flow";

/** The steps Next may lead to from here: the one the rules pick now, and the next in order. */
export function followingSteps(funnel: FunnelDefinition, stepId: string, conditions: ConditionContext): StepDefinition[] {
  const target = nextTarget(funnel, stepId, conditions);
  const index = funnel.steps.findIndex((s) => s.id === stepId);
  const ids = new Set([target && "step" in target ? target.step : undefined, funnel.steps[index + 1]?.id]);
  return funnel.steps.filter((s) => ids.has(s.id));
}
