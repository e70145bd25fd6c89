/**
 * Which steps are drawn only once react-hook-form is here: those with a block that needs it itself (the form's
 * control, or reset). Every other step, fields included, is drawn and hydrated without it: its fields read and set
 * the funnel form, which moves to react-hook-form when it arrives (renderer/runtime/funnelForm.ts). The list is
 * built from the block manifests (schema/blocks.schema.ts); formSteps.test.ts reads every block's source and fails
 * when a block that needs it is missing from it.
 */
import { FORM_KIT_BLOCK_TYPES } from "../schema/blocks.schema";
import type { StepDefinition } from "../schema/types";

export { FORM_KIT_BLOCK_TYPES };

/** Asked on every render of the runner: a look at each block's type, nothing built. */
export function stepNeedsFormKit(step: StepDefinition): boolean {
  return step.blocks.some((block) => FORM_KIT_BLOCK_TYPES.has(block.type));
}
