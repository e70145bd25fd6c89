/** Fills {placeholder} tokens in copy (schema/placeholders.ts, where the rules that word a brand's fees reach it too). */
export { fillPlaceholders } from "../schema/placeholders";

// One formatter for every call: toLocaleString builds a new one each time, and copy is filled on every render.
const POUNDS = new Intl.NumberFormat("en-GB");

export function formatPounds(amount: number): string {
  return `£${POUNDS.format(Math.round(amount))}`;
}

/** The average claim shown when a brand gives none. */
export const FALLBACK_AVERAGE_CLAIM = 4000;

/** The brand's average claim as shown to visitors: its own, else the fallback. */
export function averageClaimText(brand: { averageClaim?: number }): string {
  return formatPounds(brand.averageClaim ?? FALLBACK_AVERAGE_CLAIM);
}
