/** Per-call latencies and answers of a load run, and their summary. */

export type Outcome = number | "no-answer";

export class CallStats {
  private readonly latencies = new Map<string, number[]>();
  private readonly outcomes = new Map<string, Map<Outcome, number>>();
  /** Answers by second since the start, for the timeline (5xx seconds). */
  readonly timeline: { second: number; call: string; outcome: Outcome }[] = [];

  constructor(private readonly began = Date.now()) {}

  record(call: string, outcome: Outcome, latencyMs: number | null) {
    if (latencyMs !== null && typeof outcome === "number" && outcome < 500) {
      const list = this.latencies.get(call) ?? [];
      list.push(latencyMs);
      this.latencies.set(call, list);
    }
    const byOutcome = this.outcomes.get(call) ?? new Map<Outcome, number>();
    byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
    this.outcomes.set(call, byOutcome);
    if (outcome === "no-answer" || outcome >= 400)
      this.timeline.push({ second: Math.floor((Date.now() - this.began) / 1000), call, outcome });
  }

  /** p50 / p95 / p99 / max in ms and the count of answered calls (below 500), by call. */
  latencySummary(): Record<string, { count: number; p50: number; p95: number; p99: number; max: number }> {
    const out: Record<string, { count: number; p50: number; p95: number; p99: number; max: number }> = {};
    for (const [call, list] of this.latencies) {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]);
      out[call] = { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: Math.round(sorted[sorted.length - 1]) };
    }
    return out;
  }

  /** Every answer that was not a 2xx, by call and status ("no-answer": the connection dropped or timed out). */
  errorsByStatus(): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const [call, byOutcome] of this.outcomes) {
      for (const [outcome, n] of byOutcome) {
        if (typeof outcome === "number" && outcome < 400) continue;
        (out[call] ??= {})[String(outcome)] = n;
      }
    }
    return out;
  }

  count(predicate: (outcome: Outcome) => boolean): number {
    let n = 0;
    for (const byOutcome of this.outcomes.values()) for (const [outcome, c] of byOutcome) if (predicate(outcome)) n += c;
    return n;
  }
}
