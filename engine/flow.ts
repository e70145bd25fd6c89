/**
 * The order of a funnel's steps for one visitor, where Next and Back go, the
 * progress figures, and which fields each step collects.
 */
import type { Block, FunnelDefinition, HookCall, NavTarget, StepDefinition } from "../schema/types";
import { blockBindings } from "../schema/contracts";
import { evaluateCondition, type ConditionContext } from "./conditions";

/** Steps in the flow for this visitor (includeWhen evaluated). */
export function stepsInFlow(funnel: FunnelDefinition, ctx: ConditionContext): StepDefinition[] {
  return funnel.steps.filter((s) => !s.includeWhen || evaluateCondition(s.includeWhen, ctx));
}

export function findStep(funnel: FunnelDefinition, id: string): StepDefinition | undefined {
  return funnel.steps.find((s) => s.id === id);
}

/** Where Next goes from a step: its first matching `next` rule, else the following step in the flow. */
export function nextTarget(funnel: FunnelDefinition, stepId: string, ctx: ConditionContext): NavTarget | null {
  const step = findStep(funnel, stepId);
  if (!step) return null;
  for (const rule of step.next ?? []) {
    if (!rule.when || evaluateCondition(rule.when, ctx)) return rule.to;
  }
  const flow = stepsInFlow(funnel, ctx);
  const index = flow.findIndex((s) => s.id === stepId);
  const following = index >= 0 ? flow[index + 1] : undefined;
  return following ? { step: following.id } : null;
}

/** Where Back goes: the step's own rule, the funnel's first-step rule, or the previous step in the flow. */
export function backTarget(funnel: FunnelDefinition, stepId: string, ctx: ConditionContext): NavTarget | null {
  const step = findStep(funnel, stepId);
  if (!step) return null;
  if (step.back === "hidden") return null;
  if (step.back && step.back !== "previous") return step.back;
  const flow = stepsInFlow(funnel, ctx);
  const index = flow.findIndex((s) => s.id === stepId);
  if (index <= 0) {
    const first = funnel.navigation.firstStepBack;
    return first && first !== "hidden" ? first : null;
  }
  return { step: flow[index - 1].id };
}

/**
 * The visitor's path from a step: that step, then wherever its Next leads (its `next` rules, else the following
 * step of the flow), until the path ends, leaves the funnel (an href), leads to a step outside the visitor's flow
 * (which sends them elsewhere) or comes back to a step already on it.
 */
function pathFrom(funnel: FunnelDefinition, stepId: string, ctx: ConditionContext): StepDefinition[] {
  const inFlow = new Set(stepsInFlow(funnel, ctx));
  const path: StepDefinition[] = [];
  let step = findStep(funnel, stepId);
  while (step && inFlow.has(step) && !path.includes(step)) {
    path.push(step);
    const target = nextTarget(funnel, step.id, ctx);
    step = target && "step" in target ? findStep(funnel, target.step) : undefined;
  }
  return path;
}

/**
 * The steps this visitor goes through, in order, that lead through `stepId`: from the first step of their flow,
 * following Next. A step of their flow that Next never leads to from there (one opened by its URL, such as v2's
 * credit-check) takes its place after the path's steps that come before it in the definition, and the path goes
 * on from it. A step Next jumps over is not on the path, so it is not counted ("Step 6" then "Step 7", never 8).
 */
function pathThrough(funnel: FunnelDefinition, stepId: string, ctx: ConditionContext): StepDefinition[] {
  const flow = stepsInFlow(funnel, ctx);
  const fromFirst = flow.length ? pathFrom(funnel, flow[0].id, ctx) : [];
  if (fromFirst.some((s) => s.id === stepId)) return fromFirst;
  const position = funnel.steps.findIndex((s) => s.id === stepId);
  const before = fromFirst.filter((s) => funnel.steps.indexOf(s) < position);
  return [...before, ...pathFrom(funnel, stepId, ctx).filter((s) => !before.includes(s))];
}

/**
 * "Step current of total" among the counted steps of the visitor's own path (pathThrough). A step outside the
 * visitor's flow (opened by URL through routing.alwaysAllowed) or marked `"progress": "hidden"` has no place in
 * that count, so it shows none (`shown: false`) rather than a made-up "Step 1". isLast is about Next's label:
 * the last step of the path.
 */
export function progressOf(funnel: FunnelDefinition, stepId: string, ctx: ConditionContext) {
  const step = findStep(funnel, stepId);
  const inFlow = Boolean(step) && (!step!.includeWhen || evaluateCondition(step!.includeWhen, ctx));
  const path = inFlow ? pathThrough(funnel, stepId, ctx) : [];
  const counted = path.filter((s) => s.progress !== "hidden");
  const index = counted.findIndex((s) => s.id === stepId);
  const isLast = path.length > 0 && path[path.length - 1].id === stepId;
  return { current: index + 1, total: counted.length, isLast, shown: index >= 0 };
}

/**
 * Where a visitor goes who opens a step that is not theirs: its includeWhen does not hold for them and
 * routing.alwaysAllowed does not list it. They go to the nearest earlier step of their own flow (e.g. a KBA
 * brand's visitor at v2's credit-check goes to verify), else its first step. Null when the step is theirs.
 */
export function stepOutsideFlowTarget(funnel: FunnelDefinition, stepId: string, ctx: ConditionContext): NavTarget | null {
  const step = findStep(funnel, stepId);
  if (!step?.includeWhen || evaluateCondition(step.includeWhen, ctx)) return null;
  if (funnel.routing.alwaysAllowed?.includes(stepId)) return null;
  const flow = new Set(stepsInFlow(funnel, ctx).map((s) => s.id));
  const position = funnel.steps.indexOf(step);
  const earlier = funnel.steps
    .slice(0, position)
    .reverse()
    .find((s) => flow.has(s.id));
  const target = earlier ?? funnel.steps.find((s) => flow.has(s.id));
  return target ? { step: target.id } : null;
}

/** The field paths a block binds, from its contract (addressLookup binds the six fields of its group). */
export function blockFields(block: Block): string[] {
  return blockBindings(block);
}

function hookFields(hooks: readonly HookCall[] | undefined): string[] {
  return (hooks ?? []).flatMap((h) => (h.hook === "setValue" ? [h.field] : []));
}

/** Fields a step collects: bound by its blocks or set by its hooks and action buttons. */
export function stepFields(step: StepDefinition): string[] {
  const fromBlocks = step.blocks.flatMap(blockFields);
  const fromActions = step.blocks.flatMap((b) => (b.type === "actionButton" ? hookFields(b.props.actions) : []));
  return [...new Set([...fromBlocks, ...fromActions, ...hookFields(step.onEnter), ...hookFields(step.onNext)])];
}

/** Fields the user fills in on a step (what its Next validates). */
export function inputFields(step: StepDefinition): string[] {
  return [...new Set(step.blocks.flatMap(blockFields))];
}

/** Every field collected on this step and the steps before it in the definition's order. */
export function fieldsUpTo(funnel: FunnelDefinition, stepId: string): string[] {
  const index = funnel.steps.findIndex((s) => s.id === stepId);
  if (index < 0) return [];
  return [...new Set(funnel.steps.slice(0, index + 1).flatMap(stepFields))];
}
