/**
 * Funnel statistics counted on each visitor's own path, not on the definition's list of steps: a step's
 * entered count is the visits that were shown it, so a step some visitors skip (includeWhen, next rules,
 * redirects) drops only those who saw it. Pure: the daily rollup (rollup.ts) feeds it one day's visits.
 */
import type { EventKind } from "./eventBatch";

export interface VisitEvent {
  visitId: string;
  brandId: string;
  funnelVersion: string;
  variants: Record<string, string>;
  kind: EventKind;
  stepId: string;
  fieldPath: string | null;
  rule: string | null;
  hook: string | null;
  outcome: string | null;
  occurredAt: Date;
}

/** What a rollup row groups by: the experiment and variant ('' for every visit of the brand and version). */
export interface GroupKey {
  brandId: string;
  experimentId: string;
  variant: string;
  funnelVersion: string;
}

export interface StepTally {
  entered: number;
  continued: number;
  /** Whole seconds on the step of those who continued → how many. */
  seconds: Record<string, number>;
  /** "field path|rule" → failures. */
  failures: Record<string, number>;
}

export interface GroupTally {
  key: GroupKey;
  visits: number;
  completed: number;
  /** "step|hook|outcome" → how many. */
  hooks: Record<string, number>;
  steps: Map<string, StepTally>;
}

const bump = (counts: Record<string, number>, key: string, by = 1) => (counts[key] = (counts[key] ?? 0) + by);
const groupId = (k: GroupKey) => `${k.brandId}\n${k.experimentId}\n${k.variant}\n${k.funnelVersion}`;

/** One visit's path: per step shown, whether it moved on (Next took it on, or the funnel completed there) and how long it took. */
function walk(events: readonly VisitEvent[]) {
  const shownAt = new Map<string, number>();
  const continued = new Map<string, number>();
  const failures: string[][] = [];
  const hooks: string[] = [];
  let completed = false;
  for (const e of events) {
    if (e.kind === "step_shown" && !shownAt.has(e.stepId)) shownAt.set(e.stepId, e.occurredAt.getTime());
    const movedOn = (e.kind === "step_left" && e.outcome === "next") || e.kind === "funnel_completed";
    if (movedOn && shownAt.has(e.stepId) && !continued.has(e.stepId)) {
      continued.set(e.stepId, Math.max(0, e.occurredAt.getTime() - shownAt.get(e.stepId)!));
    }
    if (e.kind === "funnel_completed") completed = true;
    if (e.kind === "validation_failed") failures.push([e.stepId, `${e.fieldPath}|${e.rule}`]);
    if (e.kind === "hook") hooks.push(`${e.stepId}|${e.hook}|${e.outcome}`);
  }
  return { shownAt, continued, failures, hooks, completed };
}

/** Tallies visits (events grouped by visit, in time order) into one group per brand × version, and per experiment variant. */
export function tallyVisits(events: readonly VisitEvent[]): GroupTally[] {
  const byVisit = new Map<string, VisitEvent[]>();
  for (const e of events) {
    const list = byVisit.get(e.visitId);
    if (list) list.push(e);
    else byVisit.set(e.visitId, [e]);
  }
  const groups = new Map<string, GroupTally>();
  const groupFor = (key: GroupKey) => {
    const id = groupId(key);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { key, visits: 0, completed: 0, hooks: {}, steps: new Map() }));
    return group;
  };
  for (const visitEvents of byVisit.values()) {
    visitEvents.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    const first = visitEvents[0];
    const path = walk(visitEvents);
    if (!path.shownAt.size) continue;
    const keys: GroupKey[] = [
      { brandId: first.brandId, experimentId: "", variant: "", funnelVersion: first.funnelVersion },
      ...Object.entries(first.variants).map(([experimentId, variant]) => ({
        brandId: first.brandId,
        experimentId,
        variant,
        funnelVersion: first.funnelVersion,
      })),
    ];
    for (const key of keys) {
      const group = groupFor(key);
      group.visits += 1;
      if (path.completed) group.completed += 1;
      for (const hook of path.hooks) bump(group.hooks, hook);
      const stepOf = (stepId: string) => {
        let step = group.steps.get(stepId);
        if (!step) group.steps.set(stepId, (step = { entered: 0, continued: 0, seconds: {}, failures: {} }));
        return step;
      };
      for (const stepId of path.shownAt.keys()) {
        const step = stepOf(stepId);
        step.entered += 1;
        const ms = path.continued.get(stepId);
        if (ms !== undefined) {
          step.continued += 1;
          bump(step.seconds, String(Math.floor(ms / 1000)));
        }
      }
      for (const [stepId, failure] of path.failures) bump(stepOf(stepId).failures, failure);
    }
  }
  return [...groups.values()];
}

/** The median of whole seconds counted in a histogram; null when empty. */
export function medianSeconds(seconds: Record<string, number>): number | null {
  const entries = Object.entries(seconds)
    .map(([s, n]) => [Number(s), n] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (!total) return null;
  let seen = 0;
  for (const [s, n] of entries) {
    seen += n;
    if (seen * 2 >= total) return s;
  }
  return entries[entries.length - 1][0];
}

export function mergeCounts(into: Record<string, number>, from: Record<string, number>) {
  for (const [key, n] of Object.entries(from)) bump(into, key, n);
}
