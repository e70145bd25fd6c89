/**
 * The answers a visitor gave on their own way to a step, for "Check your answers": the steps Next took them
 * through (the flow's `next` rules and includeWhen, as the runner follows them), the blocks they saw there
 * (visibleWhen) and the stored fields those blocks bind, under the definition's labels. An address lookup's
 * fields make one answer. Secret and transient fields are never listed (they are not stored answers).
 */
import type { Block, FunnelDefinition, StepDefinition } from "../schema/types";
import { addressPaths, blockBindings, type AddressKey } from "../schema/contracts";
import { evaluateCondition, type ConditionContext } from "./conditions";
import { nextTarget, stepsInFlow } from "./flow";
import { getPath, isFilled } from "./paths";

export type AnswerValue =
  | { kind: "empty" }
  | { kind: "text"; text: string }
  | { kind: "date"; iso: string }
  | { kind: "checkbox"; checked: boolean }
  | { kind: "lines"; lines: string[] }
  | { kind: "signature"; value: string };

export interface Answer {
  /** The first field path of the answer (an address's first field): its id for the Change link's target. */
  key: string;
  /** Every field path the answer shows. */
  paths: string[];
  /** The step that asks it (where Change goes). */
  stepId: string;
  /** The definition's label (the field's, or for an address the step's title). */
  label: string;
  value: AnswerValue;
}

/** The steps from the visitor's first step to `stepId` (not included), as Next takes them with their answers. */
export function pathTo(funnel: FunnelDefinition, stepId: string, ctx: ConditionContext): StepDefinition[] {
  const flow = stepsInFlow(funnel, ctx);
  const way: StepDefinition[] = [];
  const seen = new Set<string>();
  let at: StepDefinition | undefined = flow[0];
  while (at && at.id !== stepId && !seen.has(at.id)) {
    seen.add(at.id);
    way.push(at);
    const target = nextTarget(funnel, at.id, ctx);
    at = target && "step" in target ? funnel.steps.find((s) => s.id === target.step) : undefined;
  }
  if (at?.id === stepId) return way;
  // Next does not lead there with these answers (a preview, or a step opened by its address): the steps of
  // the flow before it, in order.
  const index = flow.findIndex((s) => s.id === stepId);
  return index >= 0 ? flow.slice(0, index) : [];
}

function valueOf(funnel: FunnelDefinition, path: string, data: Record<string, unknown>): AnswerValue {
  const field = funnel.fields[path];
  const raw = getPath(data, path);
  if (field?.kind === "checkbox") return { kind: "checkbox", checked: raw === true };
  if (!isFilled(raw)) return { kind: "empty" };
  if (field?.kind === "signature") return { kind: "signature", value: String(raw) };
  if (field?.kind === "date") return { kind: "date", iso: String(raw) };
  if (Array.isArray(raw)) return { kind: "lines", lines: raw.map(String) };
  const option = field?.options?.find((o) => o.value === raw);
  return { kind: "text", text: option ? option.label : String(raw) };
}

/** An address on the lines it is written on: the house number and street share one. */
function addressLines(paths: Record<AddressKey, string>, stored: string[], data: Record<string, unknown>): AnswerValue {
  const part = (key: AddressKey) =>
    stored.includes(paths[key]) && isFilled(getPath(data, paths[key])) ? String(getPath(data, paths[key])).trim() : "";
  const lines = [
    part("buildingName"),
    [part("houseNumber"), part("street")].filter(Boolean).join(" "),
    part("city"),
    part("county"),
    part("postcode"),
  ];
  const written = lines.filter(Boolean);
  return written.length ? { kind: "lines", lines: written } : { kind: "empty" };
}

function answersOfBlock(funnel: FunnelDefinition, step: StepDefinition, block: Block, data: Record<string, unknown>): Answer[] {
  const stored = blockBindings(block).filter((path) => {
    const field = funnel.fields[path];
    return field && !field.secret && !field.transient;
  });
  if (stored.length === 0) return [];
  if (block.type === "addressLookup") {
    const value: AnswerValue = addressLines(addressPaths(block.props?.fieldGroup), stored, data);
    return [{ key: stored[0], paths: stored, stepId: step.id, label: step.title, value }];
  }
  return stored.map((path) => ({
    key: path,
    paths: [path],
    stepId: step.id,
    label: funnel.fields[path].label,
    value: valueOf(funnel, path, data),
  }));
}

/**
 * The answers to list on `stepId`: every stored answer asked on the visitor's way there, or only those naming
 * one of `only`'s paths (in the way's order).
 */
export function answersBefore(funnel: FunnelDefinition, stepId: string, ctx: ConditionContext, only?: readonly string[]): Answer[] {
  const answers = pathTo(funnel, stepId, ctx).flatMap((step) =>
    step.blocks
      .filter((block) => !block.visibleWhen || evaluateCondition(block.visibleWhen, ctx))
      .flatMap((block) => answersOfBlock(funnel, step, block, ctx.data)),
  );
  const wanted = only ? new Set(only) : undefined;
  const seen = new Set<string>();
  return answers.filter((a) => {
    if (seen.has(a.key) || (wanted && !a.paths.some((p) => wanted.has(p)))) return false;
    seen.add(a.key);
    return true;
  });
}

/**
 * After a change made from the check page: where Next goes from the changed step. The step Next would take
 * them to when it asks a question they have not answered yet (the change opened it), else back to the check page.
 */
export function afterChange(
  funnel: FunnelDefinition,
  target: StepDefinition | undefined,
  checkStepId: string,
  ctx: ConditionContext,
): string {
  if (!target || target.id === checkStepId) return checkStepId;
  const asked = target.blocks.filter((block) => !block.visibleWhen || evaluateCondition(block.visibleWhen, ctx)).flatMap(blockBindings);
  const unanswered = asked.some((path) => needsAnswer(funnel, path) && !isFilled(getPath(ctx.data, path)));
  return unanswered ? target.id : checkStepId;
}

/** A field with a rule that needs an answer. */
function needsAnswer(funnel: FunnelDefinition, path: string): boolean {
  return (funnel.fields[path]?.rules ?? []).some((r) => r.rule === "required" || r.rule === "checked");
}
