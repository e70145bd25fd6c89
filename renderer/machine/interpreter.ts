/**
 * A small interpreter for the state machines a step declares in JSON
 * (`step.machine`): each state runs its hook calls, and the outcome string of
 * the last hook that named one (default "done") picks the next state through
 * the state's `on` map. A state that `awaits` events then waits for one the
 * page sends (a button, a verified code) and branches on its name. A failing
 * hook follows the state's `on.error` when it has one (the message stays on the
 * snapshot for the view), else sends the machine to its `error` state with the
 * hook's message. A final state ends the run. Pure: the hooks are run by a
 * function the caller passes in, and events come from a queue it passes in, so
 * this file knows nothing of React.
 */
import type { HookCall, MachineState } from "../../schema/types";

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
  /** The user-facing message in the error state, or of the failure an `on.error` route followed. */
  error?: string;
  /** The events the state waits for, while it waits. */
  awaiting?: string[];
  /** States entered so far, in order. */
  history: string[];
}

export const ERROR_STATE = "error";
/** The `on` key a state routes a failed hook through. */
export const ERROR_OUTCOME = "error";
export const DEFAULT_OUTCOME = "done";
const MAX_TRANSITIONS = 100;

/** Where an outcome leads from a state: another state, the end of the run, or an error. */
export function transition(
  machine: MachineDefinition,
  state: string,
  outcome: string,
): { kind: "goto"; state: string } | { kind: "end" } | { kind: "error" } {
  const definition = machine.states[state];
  if (!definition) return { kind: "error" };
  const target = definition.on?.[outcome];
  if (target !== undefined) {
    return machine.states[target] ? { kind: "goto", state: target } : { kind: "error" };
  }
  if (definition.final) return { kind: "end" };
  return { kind: "error" };
}

/** Where a waiting state's events come from. */
export interface MachineEvents {
  /** Resolves with the first event sent whose name is in `accepted`. */
  next(accepted: readonly string[]): Promise<string>;
}

/** An event queue for the page: `send` delivers an event to the state waiting for it, and says whether one was. */
export function createEventQueue(): MachineEvents & { send(name: string): boolean } {
  let waiting: { accepted: readonly string[]; resolve: (name: string) => void } | null = null;
  return {
    next: (accepted) =>
      new Promise<string>((resolve) => {
        waiting = { accepted, resolve };
      }),
    send(name) {
      if (!waiting || !waiting.accepted.includes(name)) return false;
      const { resolve } = waiting;
      waiting = null;
      resolve(name);
      return true;
    },
  };
}

export interface RunOptions {
  /** Called on entering every state (and with the error message in the error state). */
  onChange?: (snapshot: MachineSnapshot) => void;
  /** Stops the run between states (the page went away). */
  signal?: AbortSignal;
  /** The events states that `awaits` wait for; a machine that waits without them fails. */
  events?: MachineEvents;
  /** The words for a failure that brings no message of its own (the site's `text.common.genericError`). */
  genericError?: string;
}

/** Runs the machine from its initial state until a final state or the error state. */
export async function runMachine(machine: MachineDefinition, runState: RunState, options: RunOptions = {}): Promise<MachineSnapshot> {
  const history: string[] = [];
  const genericError = options.genericError ?? "";
  let state = machine.initial;
  let error: string | undefined;
  const publishQuiet = (status: MachineSnapshot["status"]): MachineSnapshot => ({
    state,
    status,
    history: [...history],
    ...(error !== undefined ? { error } : {}),
  });
  const publish = (status: MachineSnapshot["status"]): MachineSnapshot => {
    const snapshot = publishQuiet(status);
    options.onChange?.(snapshot);
    return snapshot;
  };
  const fail = (message: string): MachineSnapshot => {
    error = message || genericError;
    if (machine.states[ERROR_STATE] && state !== ERROR_STATE) {
      state = ERROR_STATE;
      history.push(state);
    }
    return publish("failed");
  };

  if (!machine.states[state]) return fail(genericError);
  for (let step = 0; step < MAX_TRANSITIONS; step++) {
    if (options.signal?.aborted) return { state, status: "running", history: [...history] };
    history.push(state);
    publish("running");
    const definition = machine.states[state];
    let result: StateResult;
    try {
      result = definition.run?.length ? await runState(state, definition.run) : { ok: true };
    } catch (thrown) {
      result = { ok: false, error: thrown instanceof Error && thrown.message ? thrown.message : genericError };
    }
    if (options.signal?.aborted) return { state, status: "running", history: [...history] };
    if (!result.ok) {
      const route = state === ERROR_STATE ? undefined : definition.on?.[ERROR_OUTCOME];
      if (route === undefined || !machine.states[route]) return fail(result.error);
      error = result.error || genericError;
      state = route;
      continue;
    }
    if (state === ERROR_STATE) return fail(error ?? genericError);
    let outcome = result.outcome ?? DEFAULT_OUTCOME;
    if (definition.awaits?.length) {
      if (!options.events) return fail(genericError);
      const snapshot: MachineSnapshot = { ...publishQuiet("running"), awaiting: [...definition.awaits] };
      options.onChange?.(snapshot);
      outcome = await options.events.next(definition.awaits);
      if (options.signal?.aborted) return { state, status: "running", history: [...history] };
      // The cap guards against loops that spin by themselves; a person asking again (a new code) is not one.
      step = 0;
    }
    const next = transition(machine, state, outcome);
    if (next.kind === "end") return publish("finished");
    if (next.kind === "error") return fail(genericError);
    error = undefined;
    state = next.state;
  }
  return fail(genericError);
}
