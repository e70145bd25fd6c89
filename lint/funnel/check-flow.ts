/**
 * The flow as a visitor walks it: every step but the last has a way on, `next`
 * rules do not send the visitor round in a circle with no way out, and the
 * last step of a visitor's flow does not carry a nextButton that the Submit label replaces.
 */
import { BLOCKS_THAT_MOVE_ON } from "../../schema/blocks.schema";
import { asArray, asObject, asString } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";
import { blocksOf, hookCallsOf, stepsOf, type StepView } from "./walk";

/** A step the visitor can leave without the footer's Next: a block that moves on, a state machine or a navigate hook. */
export function movesOnByItself(step: StepView): boolean {
  const movers: readonly string[] = BLOCKS_THAT_MOVE_ON;
  return (
    step.raw.machine !== undefined ||
    blocksOf(step).some((b) => movers.includes(b.type ?? "")) ||
    hookCallsOf(step).some((h) => h.call.hook === "navigate")
  );
}

/** Where Next can go from each step: [target index or "away" for a site path, pointer of the rule]. */
export interface NextEdge {
  to: number | "away";
  path: string;
  conditional: boolean;
}

export function nextEdges(steps: StepView[]): NextEdge[][] {
  const indexOf = new Map<string, number>();
  steps.forEach((s) => s.id !== undefined && !indexOf.has(s.id) && indexOf.set(s.id, s.index));
  return steps.map((step) => {
    const entries = asArray(step.raw.next).map(asObject);
    const edges = entries.flatMap((entry, i): NextEdge[] => {
      const to = asObject(entry.to);
      const path = `${step.path}${pointer("next", i, "to")}`;
      const conditional = entry.when !== undefined;
      if (asString(to.href) !== undefined) return [{ to: "away", path: `${path}/href`, conditional }];
      const target = indexOf.get(asString(to.step) ?? "");
      return target === undefined ? [] : [{ to: target, path: `${path}/step`, conditional }];
    });
    const fallsThrough = entries.length === 0 || entries[entries.length - 1].when !== undefined;
    if (fallsThrough && step.index + 1 < steps.length) edges.push({ to: step.index + 1, path: `${step.path}/id`, conditional: false });
    return edges;
  });
}

function deadEnds(steps: StepView[]): Finding[] {
  return steps
    .filter((step) => step.index < steps.length - 1 && step.raw.footer === "hidden" && !movesOnByItself(step))
    .map((step) => ({
      path: `${step.path}/footer`,
      code: "dead-end-step" as const,
      severity: "error" as const,
      message: `Step '${step.id}' hides the Next button and has nothing else that moves on (an actionButton, a navigate hook, a state machine or a block such as ${BLOCKS_THAT_MOVE_ON.slice(1).join(", ")}), so the visitor is stuck`,
      suggestion: 'remove "footer": "hidden", or add an actionButton',
    }));
}

/** Strongly connected groups of steps (Tarjan), for loops. */
function loops(edges: ReturnType<typeof nextEdges>): number[][] {
  let counter = 0;
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const groups: number[][] = [];
  const visit = (v: number) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const { to } of edges[v]) {
      if (to === "away") continue;
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, index.get(to)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      const selfLoop = edges[v].some((e) => e.to === v);
      if (group.length > 1 || selfLoop) groups.push(group.sort((a, b) => a - b));
    }
  };
  edges.forEach((_, v) => index.has(v) || visit(v));
  return groups;
}

function closedLoops(steps: StepView[]): Finding[] {
  const edges = nextEdges(steps);
  const last = steps.length - 1;
  return loops(edges).flatMap((group) => {
    const members = new Set(group);
    const exits = group.some((v) => v === last || movesOnByItself(steps[v]) || edges[v].some((e) => e.to === "away" || !members.has(e.to)));
    if (exits) return [];
    const back = group.flatMap((v) => edges[v].filter((e) => e.to !== "away" && e.to <= v).map((e) => ({ from: v, ...e }))).pop();
    const names = group.map((v) => `'${steps[v].id}'`).join(" → ");
    return [
      {
        path: back?.path ?? `${steps[group[0]].path}/next`,
        code: "next-loop" as const,
        severity: "error" as const,
        message: `The next rules of steps ${names} lead only to each other, so a visitor who enters can never leave`,
        suggestion: "give one of them a next rule (or a final entry without 'when') that leads on",
      },
    ];
  });
}

/**
 * The Next button shows navigation.submitLabel on the last step of the visitor's flow (engine/flow.ts),
 * so a step's own label is lost there. A step is last for some visitor when every step after it has an
 * includeWhen (e.g. v3's submitting, opened only on resume), not only when it is last in the file.
 */
function ignoredNextButton(steps: StepView[]): Finding[] {
  return steps.flatMap((step, index) => {
    const label = asObject(step.raw.nextButton).label;
    const later = steps.slice(index + 1);
    if (label === undefined || !later.every((s) => s.raw.includeWhen !== undefined)) return [];
    const where =
      later.length === 0
        ? `Step '${step.id}' is the last step`
        : `Step '${step.id}' is the last step for a visitor to whom no later step applies (${later.map((s) => `'${s.id}'`).join(", ")} ${later.length === 1 ? "has" : "have"} an includeWhen)`;
    return [
      {
        path: `${step.path}/nextButton/label`,
        code: "ignored-next-button" as const,
        severity: "warning" as const,
        message: `${where}, where the button always shows navigation.submitLabel, so this label is never used`,
        suggestion: "change navigation.submitLabel instead, or remove nextButton.label",
      },
    ];
  });
}

export function checkFlow(funnel: unknown): Finding[] {
  const steps = stepsOf(funnel);
  if (steps.length === 0) return [];
  return [...deadEnds(steps), ...closedLoops(steps), ...ignoredNextButton(steps)];
}
