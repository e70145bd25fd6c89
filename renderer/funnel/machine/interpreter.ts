/**
 * A small interpreter for the state machines a step declares in JSON
 * (`step.machine`): each state runs its hook calls, and the outcome string of
 * the last hook that named one (default "done") picks the next state through
 * the state's `on` map. A failing hook sends the machine to its `error` state
 * with the hook's message. A final state ends the run. Pure: the hooks are run
 * by a function the caller passes in, so this file knows nothing of React.
 */
import type { HookCall, MachineState } from "../../../schema/types";

export interface MachineDefinition {
  initial: string;
  states: Record<string, MachineState>;
}

/** What one state's hooks came to. */
export type StateResult = { ok: true; outcome?: string } | { ok: false; error: string };

export type RunState = (state: string, calls: readonly HookCall[]) => Promise<StateResult>;

export interface MachineSnapshot {
  /** The state the machine is in. */
  state: string;
  /** running: hooks under way; finished: a final state ended it; failed: it reached the error state (or had none). */
  status: "running" | "finished" | "failed";
  /** The user-facing message in the error state. */
  error?: string;
  /** States entered so far, in order. */
  history: string[];
}

export const ERROR_STATE = "error";
export const DEFAULT_OUTCOME = "done";
export const GENERIC_ERROR = "An error occurred";
const MAX_TRANSITIONS = 100;

/** Where an outcome leads from a state: another state, the end of the run, or an error. */
export function transition(
  machine: MachineDefinition,
  state: string,
  outcome: string,
): { kind: "goto"; state: string } | { kind: "end" } | { kind: "error"; error: string } {
  const definition = machine.states[state];
  if (!definition) return { kind: "error", error: GENERIC_ERROR };
  const target = definition.on?.[outcome];
  if (target !== undefined) {
    return machine.states[target] ? { kind: "goto", state: target } : { kind: "error", error: GENERIC_ERROR };
  }
  if (definition.final) return { kind: "end" };
  return { kind: "error", error: GENERIC_ERROR };
}

export interface RunOptions {
  /** Called on entering every state (and with the error message in the error state). */
  onChange?: (snapshot: MachineSnapshot) => void;
  /** Stops the run between states (the page went away). */
  signal?: AbortSignal;
}

/** Runs the machine from its initial state until a final state or the error state. */
export async function runMachine(machine: MachineDefinition, runState: RunState, options: RunOptions = {}): Promise<MachineSnapshot> {
  const history: string[] = [];
  let state = machine.initial;
  let error: string | undefined;
  const publish = (status: MachineSnapshot["status"]): MachineSnapshot => {
    const snapshot: MachineSnapshot = { state, status, history: [...history], ...(error !== undefined ? { error } : {}) };
    options.onChange?.(snapshot);
    return snapshot;
  };
  const fail = (message: string): MachineSnapshot => {
    error = message || GENERIC_ERROR;
    if (machine.states[ERROR_STATE] && state !== ERROR_STATE) {
      state = ERROR_STATE;
      history.push(state);
    }
    return publish("failed");
  };

  if (!machine.states[state]) return fail(GENERIC_ERROR);
  for (let step = 0; step < MAX_TRANSITIONS; step++) {
    if (options.signal?.aborted) return { state, status: "running", history: [...history] };
    history.push(state);
    publish("running");
    const definition = machine.states[state];
    let result: StateResult;
    try {
      result = definition.run?.length ? await runState(state, definition.run) : { ok: true };
    } catch (thrown) {
      result = { ok: false, error: thrown instanceof Error && thrown.message ? thrown.message : GENERIC_ERROR };
    }
    if (options.signal?.aborted) return { state, status: "running", history: [...history] };
    if (!result.ok) return fail(result.error);
    if (state === ERROR_STATE) return fail(error ?? GENERIC_ERROR);
    const next = transition(machine, state, result.outcome ?? DEFAULT_OUTCOME);
    if (next.kind === "end") return publish("finished");
    if (next.kind === "error") return fail(next.error);
    state = next.state;
  }
  return fail(GENERIC_ERROR);
}
