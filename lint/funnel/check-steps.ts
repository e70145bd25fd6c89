/** Step ids are unique, and every step a definition names exists. */
import { asArray, asObject, asString } from "../loose";
import { pointer } from "../pointer";
import { didYouMean } from "../suggest";
import type { Finding } from "../types";
import { blocksOf, hookCallsOf, stepsOf } from "./walk";

export function checkDuplicateSteps(funnel: unknown): Finding[] {
  const firstAt = new Map<string, string>();
  const findings: Finding[] = [];
  for (const step of stepsOf(funnel)) {
    if (step.id === undefined) continue;
    const earlier = firstAt.get(step.id);
    if (earlier === undefined) firstAt.set(step.id, step.path);
    else {
      findings.push({
        path: `${step.path}/id`,
        code: "duplicate-step",
        severity: "error",
        message: `Step id '${step.id}' is already used by the step at ${earlier}; step ids must be unique`,
      });
    }
  }
  return findings;
}

/** Every place that names a step: [pointer, step id]. */
function stepReferences(funnel: unknown): [string, string][] {
  const refs: [string, string][] = [];
  const add = (path: string, value: unknown) => {
    const id = asString(value);
    if (id !== undefined) refs.push([path, id]);
  };
  const root = asObject(funnel);
  const routing = asObject(root.routing);
  asArray(routing.alwaysAllowed).forEach((id, i) => add(pointer("routing", "alwaysAllowed", i), id));
  asArray(routing.entrySteps).forEach((id, i) => add(pointer("routing", "entrySteps", i), id));
  asArray(routing.redirectFrom).forEach((raw, i) => {
    const redirect = asObject(raw);
    add(pointer("routing", "redirectFrom", i, "fallbackStep"), redirect.fallbackStep);
    for (const [from, to] of Object.entries(asObject(redirect.stepMap))) add(pointer("routing", "redirectFrom", i, "stepMap", from), to);
  });
  add("/navigation/firstStepBack/step", asObject(asObject(root.navigation).firstStepBack).step);
  for (const step of stepsOf(funnel)) {
    asArray(step.raw.next).forEach((entry, i) => add(`${step.path}${pointer("next", i, "to", "step")}`, asObject(asObject(entry).to).step));
    add(`${step.path}/back/step`, asObject(step.raw.back).step);
    for (const hook of hookCallsOf(step)) if (hook.call.hook === "navigate") add(`${hook.path}/step`, hook.call.step);
    // Block props that name a step of this funnel (e.g. kbaQuestions' successStep).
    for (const block of blocksOf(step)) {
      for (const [prop, value] of Object.entries(block.props)) if (/Step$/.test(prop)) add(`${block.path}/props/${prop}`, value);
    }
  }
  return refs;
}

export function checkStepTargets(funnel: unknown): Finding[] {
  const ids = new Set(stepsOf(funnel).flatMap((s) => (s.id === undefined ? [] : [s.id])));
  return stepReferences(funnel)
    .filter(([, id]) => !ids.has(id))
    .map(([path, id]) => ({
      path,
      code: "missing-target" as const,
      severity: "error" as const,
      message: `There is no step '${id}' in this funnel`,
      suggestion: didYouMean(id, ids),
    }));
}

/** A step's state machine names only its own states. */
export function checkMachineStates(funnel: unknown): Finding[] {
  const findings: Finding[] = [];
  for (const step of stepsOf(funnel)) {
    const machine = asObject(step.raw.machine);
    const states = asObject(machine.states);
    const names = Object.keys(states);
    const check = (path: string, value: unknown) => {
      const name = asString(value);
      if (name === undefined || name in states) return;
      findings.push({
        path,
        code: "unknown-state",
        severity: "error",
        message: `The state machine of step '${step.id}' has no state '${name}'`,
        suggestion: didYouMean(name, names),
      });
    };
    if (step.raw.machine === undefined) continue;
    check(`${step.path}/machine/initial`, machine.initial);
    for (const [name, state] of Object.entries(states)) {
      const on = asObject(asObject(state).on);
      for (const [event, target] of Object.entries(on)) {
        check(`${step.path}${pointer("machine", "states", name, "on", event)}`, target);
      }
      // A state that waits for an event must say where each one leads, or the page's button would end the run.
      asArray(asObject(state).awaits).forEach((event, i) => {
        const eventName = asString(event);
        if (eventName === undefined || eventName in on) return;
        findings.push({
          path: `${step.path}${pointer("machine", "states", name, "awaits", i)}`,
          code: "unknown-state",
          severity: "error",
          message: `State '${name}' of step '${step.id}' waits for '${eventName}' but its 'on' does not say where that leads`,
          suggestion: `add "${eventName}": "<state>" to its 'on'`,
        });
      });
    }
  }
  return findings;
}
