/**
 * Checks of meaning: what a definition means for the visitor, beyond its shape
 * (field examples, limits a real answer needs, marks that starve a reader,
 * copy that renders wrong, values outside their sense, flows that trap).
 * `funnelFindings` runs MEANING_CHECKS on each funnel; `lintDefinitions` runs
 * checkBrandMeaning across files.
 */
import type { Finding } from "../types";
import { checkDurations } from "./check-durations";
import { checkFieldExamples } from "./check-examples";
import { checkFieldRules } from "./check-field-rules";
import { checkLenderLimitCopy } from "./check-lender-limit";
import { checkNextPingPong } from "./check-next-ping-pong";
import { checkPlaceholderOrder } from "./check-placeholder-order";
import { checkStateNames } from "./check-state-names";
import { checkUnstoredReads } from "./check-unstored-reads";

export { checkBrandMeaning } from "./check-brand-meaning";
export { withoutBorrowedMessages } from "./check-examples";

export const MEANING_CHECKS: ((funnel: unknown) => Finding[])[] = [
  checkFieldExamples,
  checkFieldRules,
  checkUnstoredReads,
  checkPlaceholderOrder,
  checkDurations,
  checkStateNames,
  checkNextPingPong,
  checkLenderLimitCopy,
];
