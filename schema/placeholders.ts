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

/**
 * Fills {placeholder} tokens in copy. Unknown tokens stay visible so a mistake is noticed, and lint catches them first.
 * Here, below every side that fills copy: the renderer and the server (engine/copy.ts) and the rules that word a
 * brand's windows and fees (schema/rules/).
 */
export function fillPlaceholders(text: string, values: Record<string, string | number | undefined>): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
