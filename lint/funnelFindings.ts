/**
 * Every check on one funnel definition beyond its schema: its structure (funnel/), then its meaning (meaning/).
 * Kept above both folders, since the checks of meaning reuse the structure's walk (funnel/walk.ts).
 */
import { STRUCTURE_CHECKS } from "./funnel";
import { MEANING_CHECKS } from "./meaning";
import type { Finding } from "./types";

export function funnelFindings(funnel: unknown): Finding[] {
  return [...STRUCTURE_CHECKS, ...MEANING_CHECKS].flatMap((check) => check(funnel));
}
