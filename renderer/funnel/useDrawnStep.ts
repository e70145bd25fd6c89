import { useState } from "react";
import type { StepDefinition } from "../../schema/types";

/**
 * The step on screen: the one the address names, or the one Next has just drawn over it until the address
 * follows (useStepNavigation). Once the address moves, wherever to (the drawn step, or back with the
 * browser), it decides again.
 */
export function useDrawnStep(routeStep: StepDefinition): {
  step: StepDefinition;
  /** Draws `step` over the address's step `over`. */
  draw: (step: StepDefinition, over: string) => void;
} {
  const [drawn, setDrawn] = useState<{ step: StepDefinition; over: string } | null>(null);
  if (drawn && drawn.over !== routeStep.id) setDrawn(null);
  const step = drawn && drawn.over === routeStep.id ? drawn.step : routeStep;
  return { step, draw: (next, over) => setDrawn({ step: next, over }) };
}
