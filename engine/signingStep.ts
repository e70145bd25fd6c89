/**
 * Where a visitor signs: the step of their flow with a block that binds a field of kind "signature" (from the
 * blocks' contracts and the funnel's fields, so no funnel names a step for it). A visitor whose edit the server
 * refuses until they sign again is taken there.
 */
import type { Block, FunnelDefinition, StepDefinition } from "../schema/types";
import { blockBindings } from "../schema/contracts";
import type { ConditionContext } from "./conditions";
import { stepsInFlow } from "./flow";

export interface SigningStep {
  step: StepDefinition;
  /** The signature field's path. */
  field: string;
  /** The block that collects it (its copy says why the visitor is asked to sign again). */
  block: Block;
}

export function signingStep(funnel: FunnelDefinition, ctx: ConditionContext): SigningStep | null {
  for (const step of stepsInFlow(funnel, ctx)) {
    for (const block of step.blocks) {
      const field = blockBindings(block).find((path) => funnel.fields[path]?.kind === "signature");
      if (field) return { step, field, block };
    }
  }
  return null;
}

/** The block's own words for "please sign again", when it has them. */
export function signAgainNotice(block: Block): string | undefined {
  return block.type === "signature" ? block.props.signAgainNotice : undefined;
}
