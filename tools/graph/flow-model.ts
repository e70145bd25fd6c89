/**
 * A funnel's flow as a graph: steps in order, where Next goes (its `next`
 * rules with their conditions, else the following step), which steps are
 * skipped by `includeWhen`, which redirects lead in, and the hooks each step
 * runs. Both the Mermaid and the SVG drawings are made from this.
 */
import type { Brand, FunnelDefinition, HookCall, StepDefinition } from "../../schema/types";
import type { Condition } from "../../schema/condition.schema";
import { getPath, type FormData } from "../../engine/paths";

export interface FlowStep {
  id: string;
  /** Shown under the id: "only when …" for a step with includeWhen. */
  includeWhen?: string;
  /** Hook names by when they run, e.g. "on Next: submitClaimRequest". */
  hooks: string[];
  last: boolean;
}

export interface FlowEdge {
  from: string;
  /** A step id, or a site path starting with "/". */
  to: string;
  label?: string;
  kind: "next" | "fallthrough" | "skip" | "redirect" | "hook";
}

export interface FlowGraph {
  title: string;
  path: string;
  steps: FlowStep[];
  edges: FlowEdge[];
  /** Entry points other than the first step: redirects from other versions, by their path. */
  redirects: { from: string; to: string; label: string }[];
}

/** A condition in a line of plain text: filled(a) and b = "x". With a brand, its brand leaves are decided. */
export function describeCondition(condition: Condition, brand?: Brand): string {
  if ("all" in condition) return condition.all.map((c) => wrap(c, brand)).join(" and ");
  if ("any" in condition) return condition.any.map((c) => wrap(c, brand)).join(" or ");
  if ("not" in condition) return `not ${wrap(condition.not, brand)}`;
  if ("filled" in condition) return `${condition.filled} filled`;
  if ("valid" in condition) return `${condition.valid} valid`;
  if ("equals" in condition) return `${condition.equals[0]} = ${JSON.stringify(condition.equals[1])}`;
  if ("query" in condition) return `?${condition.query[0]}=${condition.query[1]}`;
  const [setting, value] = condition.brand;
  if (brand) return `${getPath(brand as unknown as FormData, setting) === value} for this brand`;
  return `brand ${setting} = ${JSON.stringify(value)}`;
}

function wrap(condition: Condition, brand?: Brand): string {
  const text = describeCondition(condition, brand);
  return "all" in condition || "any" in condition ? `(${text})` : text;
}

function hookNames(calls: readonly HookCall[] | undefined): string {
  return (calls ?? []).map((c) => (c.hook === "navigate" ? `navigate ${c.step ?? c.href}` : c.hook)).join(", ");
}

function hooksOf(step: StepDefinition): string[] {
  const lines: string[] = [];
  if (step.onEnter?.length) lines.push(`on enter: ${hookNames(step.onEnter)}`);
  if (step.onNext?.length) lines.push(`on Next: ${hookNames(step.onNext)}`);
  for (const block of step.blocks) {
    if (block.type === "actionButton" && block.props.actions?.length) lines.push(`button: ${hookNames(block.props.actions)}`);
  }
  if (step.machine) lines.push(`machine: ${Object.keys(step.machine.states).join(" → ")}`);
  return lines;
}

export function buildFlowGraph(funnel: FunnelDefinition, brand?: Brand): FlowGraph {
  const steps = funnel.steps;
  const edges: FlowEdge[] = [];
  const target = (to: { step?: string; href?: string }) => to.step ?? to.href ?? "?";
  steps.forEach((step, i) => {
    const rules = step.next ?? [];
    for (const rule of rules) {
      edges.push({
        from: step.id,
        to: target(rule.to),
        kind: "next",
        ...(rule.when ? { label: describeCondition(rule.when, brand) } : {}),
      });
    }
    const following = steps[i + 1];
    if (following && (rules.length === 0 || rules[rules.length - 1].when)) {
      edges.push({ from: step.id, to: following.id, kind: "fallthrough", ...(rules.length ? { label: "otherwise" } : {}) });
      // includeWhen: when the following step is left out, Next goes on to the one after it.
      let skip = i + 1;
      const skipped: string[] = [];
      while (steps[skip]?.includeWhen && skip + 1 < steps.length) {
        skipped.push(`${steps[skip].id} left out`);
        skip++;
        edges.push({ from: step.id, to: steps[skip].id, kind: "skip", label: skipped.join(", ") });
      }
    }
    for (const calls of [step.onEnter, step.onNext, ...step.blocks.map((b) => (b.type === "actionButton" ? b.props.actions : undefined))]) {
      for (const call of calls ?? [])
        if (call.hook === "navigate") edges.push({ from: step.id, to: call.step ?? call.href ?? "?", kind: "hook", label: "navigate" });
    }
    if (step.back && typeof step.back === "object") edges.push({ from: step.id, to: target(step.back), kind: "next", label: "Back" });
  });
  return {
    title: funnel.title,
    path: funnel.routing.path,
    steps: steps.map((s, i) => ({
      id: s.id,
      hooks: hooksOf(s),
      last: i === steps.length - 1,
      ...(s.includeWhen ? { includeWhen: describeCondition(s.includeWhen, brand) } : {}),
    })),
    edges,
    redirects: (funnel.routing.redirectFrom ?? []).map((r) => ({
      from: `/claim/${r.path}`,
      to: r.fallbackStep,
      label: Object.keys(r.stepMap ?? {}).length ? "unmapped steps" : "every step",
    })),
  };
}
