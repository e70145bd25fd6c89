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

// The runner asks on every render; a definition's steps do not change while it runs.
const answers = new WeakMap<StepDefinition, boolean>();

export function stepUsesForm(step: StepDefinition): boolean {
  let uses = answers.get(step);
  if (uses === undefined) {
    uses = inputFields(step).length > 0 || step.blocks.some((block) => FORM_BLOCK_TYPES.has(block.type));
    answers.set(step, uses);
  }
  return uses;
}
