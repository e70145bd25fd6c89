/**
 * Which steps need the form (react-hook-form): those with a block that reaches it, through a field it binds or
 * the form itself (its control, errors or reset). The others are drawn and hydrated without it
 * (funnel/formKit.ts). formSteps.test.ts reads every block's source and fails when a block that uses the form
 * is missing here, so a block that binds a field is always listed.
 */
import type { BlockType, StepDefinition } from "../schema/types";

export const FORM_BLOCK_TYPES: ReadonlySet<BlockType> = new Set<BlockType>([
  "addressLookup",
  "checkbox",
  "dateOfBirth",
  "emailSuggestion",
  "lenderPicker",
  "passwordSetup",
  "radioGroup",
  "selectInput",
  "signature",
  "submittingProgress",
  "textInput",
]);

/** Asked on every render of the runner: a look at each block's type, nothing built. */
export function stepUsesForm(step: StepDefinition): boolean {
  return step.blocks.some((block) => FORM_BLOCK_TYPES.has(block.type));
}
