/**
 * The copy placeholders a definition may use, e.g. "{brandName}". The renderer
 * fills them (engine/copy.ts) and `funnel lint` rejects any other name,
 * so a typo shows up at lint time instead of as raw braces on a live page.
 */
export const COPY_PLACEHOLDERS = [
  "brandName",
  "companyName",
  "averageClaim",
  "claimableYears",
  "claimablePeriods",
  "feeBands",
  "feeExample",
  "claimsFound",
  "claimReference",
  "totalClaims",
  "firstName",
  "creditReportLinkStart",
  "creditReportLinkEnd",
] as const;

export type CopyPlaceholder = (typeof COPY_PLACEHOLDERS)[number];

/** The token syntax the renderer fills: `{` letters `}`. Kept as a source string so no caller shares a stateful /g regex. */
export const PLACEHOLDER_PATTERN_SOURCE = "\\{([a-zA-Z]+)\\}";

/** Every placeholder token in a piece of copy, with its offset in the text. */
export function findPlaceholders(text: string): { name: string; index: number }[] {
  return [...text.matchAll(new RegExp(PLACEHOLDER_PATTERN_SOURCE, "g"))].map((m) => ({
    name: m[1],
    index: m.index ?? 0,
  }));
}
