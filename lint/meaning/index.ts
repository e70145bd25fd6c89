/**
 * Checks of meaning: what a definition means for the visitor, beyond its shape
 * (field examples, limits a real answer needs, marks that starve a reader,
 * copy that renders wrong, values outside their sense, flows that trap).
 * `funnelFindings` (lint/funnelFindings.ts) runs MEANING_CHECKS on each funnel; `lintDefinitions` runs
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

/** A field part on its own (linted alone, it meets no funnel): its examples and rules, at the part's own pointers. */
export function fieldPartMeaning(part: unknown): Finding[] {
  const KEY = "part";
  const asFunnel = { fields: { [KEY]: part } };
  return [...checkFieldExamples(asFunnel), ...checkFieldRules(asFunnel)].map((f) => ({
    ...f,
    path: f.path.slice(`/fields/${KEY}`.length),
    message: f.message.replace(/^'part'/, "This field").replace(/'part'/g, "this field"),
  }));
}

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
