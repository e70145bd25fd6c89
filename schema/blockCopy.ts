/**
 * Block copy with a shared default: words a block always shows (a loading line, a table heading, a button) whose
 * default is in the shared content (definitions/content/site.json `blockCopy`, by block type), not in the component.
 * Each key is a copy prop of its block, so a funnel may set it on one block and a brand's `copy` override it by block
 * id, like any other copy. Layers, later wins: `blockCopy`, the funnel file, the shared `copy`, the brand's `copy`.
 */
import { copy, text as manifestText } from "./manifest";

const text = { type: "string", minLength: 1 } as const;

export const BLOCK_COPY_KEYS = {
  addressLookup: ["manualEntryLabel", "searchAgainLabel", "noResultsText", "selectedLabel", "searchingText", "resultsOne", "resultsMany"],
  signature: [
    "instructions",
    "clearLabel",
    "typeInsteadLabel",
    "drawInsteadLabel",
    "typedLabel",
    "drawnAnnouncement",
    "clearedAnnouncement",
    "emptyPadLabel",
    "unavailableText",
  ],
  lenderPicker: [
    "foundHeading",
    "emptyText",
    "loadingText",
    "retryLabel",
    "resultsLabel",
    "lenderColumn",
    "startDateColumn",
    "unknownLender",
    "tallyText",
    "addLabel",
    "removeLabel",
    "noMatchText",
    "countOne",
    "countMany",
    "countOneMatching",
    "countManyMatching",
    "companyMissing",
    "noLenders",
    "loadFailed",
  ],
  dateOfBirth: ["placeholder"],
  selectInput: ["placeholder"],
  kbaQuestions: ["loadingLabel", "verifiedLabel", "questionCount"],
  passwordSetup: ["showPasswordsLabel", "emailRequiredText", "createFailedText", "setPasswordFailedText"],
  submittingProgress: [
    "otpTitle",
    "otpText",
    "otpCodeLabel",
    "otpVerifyLabel",
    "otpVerifyingLabel",
    "otpResendLabel",
    "otpResentText",
    "otpInvalidCode",
    "progressAnnounce",
    "progressAllComplete",
    "progressDone",
    "progressCurrent",
    "progressWaiting",
  ],
  testimonials: ["slideRole", "slideLabel", "label", "previousLabel", "nextLabel", "pauseLabel", "playLabel"],
} as const;

export type BlockCopyType = keyof typeof BLOCK_COPY_KEYS;

/** Placeholders a block fills itself in its defaulted copy (beside the funnel's {brandName}, {firstName}…). */
export const BLOCK_COPY_PLACEHOLDERS: Record<string, readonly string[]> = {
  tallyText: ["count", "max"],
  addLabel: ["lenderName"],
  removeLabel: ["lenderName"],
  noMatchText: ["query"],
  countOne: ["count"],
  countMany: ["count"],
  countOneMatching: ["count", "query"],
  countManyMatching: ["count", "query"],
  questionCount: ["number", "total"],
  unavailableText: ["typeInsteadLabel"],
  slideLabel: ["number", "total"],
  progressAnnounce: ["n", "total", "label"],
  resultsOne: ["count"],
  resultsMany: ["count"],
};

/** The block's defaulted copy props, for its manifest (schema/blocks/<type>.ts): each a copy prop holding text. */
export function defaultedCopyProps<T extends BlockCopyType>(
  type: T,
): Record<(typeof BLOCK_COPY_KEYS)[T][number], ReturnType<typeof copy<typeof manifestText>>> {
  return Object.fromEntries(BLOCK_COPY_KEYS[type].map((key) => [key, copy(manifestText)])) as Record<
    (typeof BLOCK_COPY_KEYS)[T][number],
    ReturnType<typeof copy<typeof manifestText>>
  >;
}

/** The shared content's `blockCopy`: every key of every block above, required. */
export const blockCopySchema = {
  type: "object",
  description:
    "Defaults for copy a block always shows (loading lines, table headings, buttons), by block type; a funnel's block prop or a brand's `copy` overrides them.",
  required: Object.keys(BLOCK_COPY_KEYS) as BlockCopyType[],
  properties: Object.fromEntries(
    Object.entries(BLOCK_COPY_KEYS).map(([type, keys]) => [
      type,
      { type: "object", required: [...keys], properties: Object.fromEntries(keys.map((k) => [k, text])), additionalProperties: false },
    ]),
  ) as {
    [T in BlockCopyType]: { type: "object"; required: string[]; properties: Record<string, typeof text>; additionalProperties: false };
  },
  additionalProperties: false,
} as const;

export type BlockCopyDefaults = { [T in BlockCopyType]: Record<(typeof BLOCK_COPY_KEYS)[T][number], string> };
