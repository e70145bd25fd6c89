/**
 * Which steps need the form (react-hook-form): those with a block that reaches it, through a field it binds or
 * the form itself (its control, errors or reset). The others are drawn and hydrated without it
 * (renderer/runtime/formKit.ts). The list is built from the block manifests (schema/blocks.schema.ts); formSteps.test.ts
 * reads every block's source and fails when a block that uses the form is missing from it.
 */
import { FORM_BLOCK_TYPES } from "../schema/blocks.schema";
import type { StepDefinition } from "../schema/types";

export { FORM_BLOCK_TYPES };

/** Asked on every render of the runner: a look at each block's type, nothing built. */
export function stepUsesForm(step: StepDefinition): boolean {
  return step.blocks.some((block) => FORM_BLOCK_TYPES.has(block.type));
}
