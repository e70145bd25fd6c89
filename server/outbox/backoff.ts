/**
 * Exponential backoff with jitter: attempt n (1-based) waits base·2^(n-1),
 * capped at max, then drawn uniformly from its upper half ("equal jitter"),
 * so retries after an outage spread out instead of arriving together.
 */
export function retryDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
