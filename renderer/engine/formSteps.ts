/**
 * Which steps need the form (react-hook-form): those with a field, and those with a block that reaches the
 * form itself (its control, errors or reset). The others are drawn and hydrated without it (funnel/formKit.ts).
 * formSteps.test.ts reads every block's source and fails when a block that uses the form is missing here.
 */
import type { BlockType, StepDefinition } from "../../schema/types";
import { inputFields } from "./flow";

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

export function stepUsesForm(step: StepDefinition): boolean {
  return inputFields(step).length > 0 || step.blocks.some((block) => FORM_BLOCK_TYPES.has(block.type));
}
