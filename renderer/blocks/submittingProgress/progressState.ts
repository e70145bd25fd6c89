/** Which progress step is under way, from the machine's state (the steps list the states each covers). */
import type { MachineSnapshot } from "../../machine/interpreter";

export interface ProgressStepDefinition {
  label: string;
  states: string[];
}

/**
 * The index of the current progress step: the step whose states hold the
 * machine's state; in a done state (or when the run finished) every step is
 * done (the length); in the error state, the step where it stopped.
 */
export function currentProgressIndex(
  snapshot: MachineSnapshot | null,
  steps: readonly ProgressStepDefinition[],
  doneStates: readonly string[] = [],
): number {
  if (!snapshot) return 0;
  if (snapshot.status === "finished" || doneStates.includes(snapshot.state)) return steps.length;
  for (let i = snapshot.history.length - 1; i >= 0; i--) {
    const index = steps.findIndex((s) => s.states.includes(snapshot.history[i]));
    if (index >= 0) return index;
  }
  return 0;
}
