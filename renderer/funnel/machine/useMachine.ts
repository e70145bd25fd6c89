/**
 * Runs a step's JSON state machine once per mount of the step (StrictMode's
 * double effect included) and re-renders on every state change.
 */
import { useEffect, useRef, useState } from "react";
import { useLatestRef } from "../useLatestRef";
import type { FunnelRuntime } from "../runtime";
import { runMachine, type MachineDefinition, type MachineSnapshot } from "./interpreter";
import { runStateHooks } from "./runStateHooks";

export function useMachine(machine: MachineDefinition | undefined, runtime: FunnelRuntime): MachineSnapshot | null {
  const [snapshot, setSnapshot] = useState<MachineSnapshot | null>(null);
  const runtimeRef = useLatestRef(runtime);
  const started = useRef(false);

  useEffect(() => {
    if (!machine || started.current) return;
    started.current = true;
    void runMachine(machine, (_state, calls) => runStateHooks(calls, runtimeRef.current), { onChange: setSnapshot });
  }, [machine, runtimeRef]);

  return snapshot;
}
