/**
 * unknown-state, for block props that name a state of the step's machine
 * (otpState, doneStates, progressSteps[].states): a misspelt name matches no
 * state, so the code-entry dialog never opens or the progress never completes.
 * (The machine's own initial, on and awaits are checked in funnel/check-steps.ts.)
 */
import { asArray, asObject, asString } from "../loose";
import { pointer } from "../pointer";
import { didYouMean } from "../suggest";
import type { Finding } from "../types";
import { blocksOf, stepsOf } from "../funnel/walk";

/** Where a block prop names machine states: [pointer under props, state name]. */
function stateNames(props: Record<string, unknown>): [string, string][] {
  const named: [string, string][] = [];
  const otp = asString(props.otpState);
  if (otp !== undefined) named.push([pointer("otpState"), otp]);
  asArray(props.doneStates).forEach((s, i) => typeof s === "string" && named.push([pointer("doneStates", i), s]));
  asArray(props.progressSteps).forEach((p, i) =>
    asArray(asObject(p).states).forEach((s, j) => typeof s === "string" && named.push([pointer("progressSteps", i, "states", j), s])),
  );
  return named;
}

export function checkStateNames(funnel: unknown): Finding[] {
  return stepsOf(funnel).flatMap((step) => {
    const machine = step.raw.machine;
    if (machine === undefined) return [];
    const states = Object.keys(asObject(asObject(machine).states));
    return blocksOf(step).flatMap((block) =>
      stateNames(block.props)
        .filter(([, name]) => !states.includes(name))
        .map(([at, name]) => ({
          path: `${block.path}/props${at}`,
          code: "unknown-state" as const,
          severity: "error" as const,
          message: `'${name}' is not a state of step '${step.id}''s machine, so what the block shows in it never appears`,
          suggestion: didYouMean(name, states) ?? `its states are ${states.map((s) => `'${s}'`).join(", ")}`,
        })),
    );
  });
}
