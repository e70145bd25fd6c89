/**
 * The funnel report for one brand (`funnel report`, the /ops dashboard): from the daily rollups since a day,
 * per experiment variant (and per funnel version for every visit): each step entered, continued, dropped,
 * median seconds and top validation failures, on the visitors' own paths; conversion with a 95% interval and
 * the probability each variant is best (conversionStats.ts).
 */
import type { FunnelDefinition } from "../../schema/types";
import type { Queryable } from "../db/db";
import { medianSeconds, mergeCounts } from "./aggregate";
import { compareConversions, METHOD, MIN_VISITS_PER_VARIANT } from "./conversionStats";

export type { FunnelReport, GroupReport, StepReport, VariantReport } from "../../engine/funnelReport";
import type { FunnelReport, GroupReport, VariantReport } from "../../engine/funnelReport";

interface StepRow {
  experiment_id: string;
  variant: string;
  funnel_version: string;
  step_id: string;
  entered: number;
  continued: number;
  seconds: Record<string, number> | string;
  failures: Record<string, number> | string;
}

interface VisitRow {
  experiment_id: string;
  variant: string;
  funnel_version: string;
  visits: number;
  completed: number;
  hooks: Record<string, number> | string;
}

const json = (v: Record<string, number> | string): Record<string, number> => (typeof v === "string" ? JSON.parse(v) : v);
const TOP_FAILURES = 5;

interface Accumulated {
  funnelVersions: Set<string>;
  visits: number;
  completed: number;
  hooks: Record<string, number>;
  steps: Map<string, { entered: number; continued: number; seconds: Record<string, number>; failures: Record<string, number> }>;
}

/** Steps in the order of the funnel(s) they belong to; a step no definition has any more goes last. */
function stepOrder(funnels: readonly FunnelDefinition[], versions: Set<string>): Map<string, number> {
  const order = new Map<string, number>();
  for (const funnel of funnels.filter((f) => versions.has(f.version))) {
    for (const step of funnel.steps) if (!order.has(step.id)) order.set(step.id, order.size);
  }
  return order;
}

function variantReports(groups: Map<string, Accumulated>, funnels: readonly FunnelDefinition[]): VariantReport[] {
  const ids = [...groups.keys()];
  const stats = compareConversions(ids.map((id) => ({ id, visits: groups.get(id)!.visits, completed: groups.get(id)!.completed })));
  return stats.map((s) => {
    const g = groups.get(s.id)!;
    const order = stepOrder(funnels, g.funnelVersions);
    const steps = [...g.steps.entries()]
      .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a.localeCompare(b))
      .map(([stepId, t]) => ({
        stepId,
        entered: t.entered,
        continued: t.continued,
        dropped: t.entered - t.continued,
        dropRate: t.entered ? (t.entered - t.continued) / t.entered : 0,
        medianSeconds: medianSeconds(t.seconds),
        topFailures: Object.entries(t.failures)
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, TOP_FAILURES)
          .map(([key, count]) => {
            const [fieldPath, rule] = key.split("|");
            return { fieldPath, rule, count };
          }),
      }));
    const hooks = Object.entries(g.hooks)
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([key, count]) => {
        const [stepId, hook, outcome] = key.split("|");
        return { stepId, hook, outcome, count };
      });
    return {
      id: s.id,
      funnelVersions: [...g.funnelVersions].sort(),
      visits: s.visits,
      completed: s.completed,
      conversion: s.rate,
      interval: s.interval,
      probabilityBest: s.probabilityBest,
      steps,
      hooks,
    };
  });
}

function warningsFor(variants: readonly VariantReport[]): string[] {
  return variants
    .filter((v) => v.visits < MIN_VISITS_PER_VARIANT)
    .map((v) => `${v.id}: only ${v.visits} visits (fewer than ${MIN_VISITS_PER_VARIANT}); its numbers are not reliable yet`);
}

export async function buildReport(
  db: Queryable,
  input: { brandId: string; since: string; funnels: readonly FunnelDefinition[] },
): Promise<FunnelReport> {
  const params = [input.brandId, input.since];
  const { rows: visitRows } = await db.query<VisitRow>(
    "SELECT experiment_id, variant, funnel_version, visits, completed, hooks FROM analytics_daily_visits WHERE brand_id = $1 AND day >= $2",
    params,
  );
  const { rows: stepRows } = await db.query<StepRow>(
    `SELECT experiment_id, variant, funnel_version, step_id, entered, continued, seconds, failures
     FROM analytics_daily_steps WHERE brand_id = $1 AND day >= $2`,
    params,
  );
  // Experiment id ('' = every visit, by funnel version) → variant (or version) → counts.
  const byGroup = new Map<string, Map<string, Accumulated>>();
  const accumulated = (experimentId: string, variant: string, version: string) => {
    let variants = byGroup.get(experimentId);
    if (!variants) byGroup.set(experimentId, (variants = new Map()));
    const id = experimentId ? variant : version;
    let acc = variants.get(id);
    if (!acc) variants.set(id, (acc = { funnelVersions: new Set(), visits: 0, completed: 0, hooks: {}, steps: new Map() }));
    acc.funnelVersions.add(version);
    return acc;
  };
  for (const r of visitRows) {
    const acc = accumulated(r.experiment_id, r.variant, r.funnel_version);
    acc.visits += Number(r.visits);
    acc.completed += Number(r.completed);
    mergeCounts(acc.hooks, json(r.hooks));
  }
  for (const r of stepRows) {
    const acc = accumulated(r.experiment_id, r.variant, r.funnel_version);
    let step = acc.steps.get(r.step_id);
    if (!step) acc.steps.set(r.step_id, (step = { entered: 0, continued: 0, seconds: {}, failures: {} }));
    step.entered += Number(r.entered);
    step.continued += Number(r.continued);
    mergeCounts(step.seconds, json(r.seconds));
    mergeCounts(step.failures, json(r.failures));
  }
  const group = (experimentId: string): GroupReport => {
    const variants = variantReports(
      new Map([...(byGroup.get(experimentId) ?? new Map<string, Accumulated>()).entries()].sort((a, b) => a[0].localeCompare(b[0]))),
      input.funnels,
    );
    return { experimentId: experimentId || null, variants, warnings: warningsFor(variants) };
  };
  return {
    brandId: input.brandId,
    since: input.since,
    method: METHOD,
    experiments: [...byGroup.keys()].filter(Boolean).sort().map(group),
    funnels: group(""),
  };
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** The report as plain text, one table per experiment and one for the funnels by version. */
export function formatReportText(report: FunnelReport): string {
  const lines: string[] = [`Funnel report for brand ${report.brandId}, visits since ${report.since}`, `Method: ${report.method}`, ""];
  const section = (title: string, group: GroupReport) => {
    lines.push(title);
    for (const v of group.variants) {
      lines.push(
        `  ${v.id} (${v.funnelVersions.join(", ")}): ${v.visits} visits, ${v.completed} completed, conversion ${pct(v.conversion)} ` +
          `[95% ${pct(v.interval[0])} – ${pct(v.interval[1])}], probability best ${pct(v.probabilityBest)}`,
      );
      lines.push("    step                          entered  continued  dropped  drop %  median s  top validation failures");
      for (const s of v.steps) {
        const failures = s.topFailures.map((f) => `${f.fieldPath} ${f.rule} ×${f.count}`).join("; ");
        lines.push(
          `    ${s.stepId.padEnd(30)}${String(s.entered).padStart(7)}${String(s.continued).padStart(11)}${String(s.dropped).padStart(9)}` +
            `${pct(s.dropRate).padStart(8)}${String(s.medianSeconds ?? "-").padStart(10)}  ${failures}`,
        );
      }
      for (const h of v.hooks) lines.push(`    hook ${h.hook} on ${h.stepId}: ${h.outcome} ×${h.count}`);
    }
    for (const w of group.warnings) lines.push(`  Warning: ${w}`);
    lines.push("");
  };
  for (const e of report.experiments) section(`Experiment ${e.experimentId}`, e);
  section("Funnels (every visit, by version)", report.funnels);
  return lines.join("\n");
}
