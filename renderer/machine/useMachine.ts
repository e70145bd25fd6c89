/**
 * Runs a step's JSON state machine once per mount of the step (StrictMode's
 * double effect included) and re-renders on every state change. `send` gives
 * the waiting state an event from the page (a button, a verified code).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useLatestRef } from "../runtime/useLatestRef";
import type { FunnelRuntime } from "../runtime/runtime";
import { createEventQueue, runMachine, type MachineDefinition, type MachineSnapshot } from "./interpreter";
import { runStateHooks } from "./runStateHooks";
import { siteText } from "../siteText";

export interface MachineRun {
  snapshot: MachineSnapshot | null;
  /** Delivers an event to the state waiting for it; false when no state waits for it. */
  send(event: string): boolean;
}

export function useMachineRun(machine: MachineDefinition | undefined, runtime: FunnelRuntime): MachineRun {
  const [snapshot, setSnapshot] = useState<MachineSnapshot | null>(null);
  const runtimeRef = useLatestRef(runtime);
  const started = useRef(false);
  const events = useRef(createEventQueue());

  useEffect(() => {
    if (!machine || started.current) return;
    started.current = true;
    void runMachine(machine, (_state, calls) => runStateHooks(calls, runtimeRef.current), {
      onChange: setSnapshot,
      events: events.current,
      genericError: siteText("common").genericError,
    });
  }, [machine, runtimeRef]);

  const send = useCallback((event: string) => events.current.send(event), []);
  return { snapshot, send };
}

export function useMachine(machine: MachineDefinition | undefined, runtime: FunnelRuntime): MachineSnapshot | null {
  return useMachineRun(machine, runtime).snapshot;
}
