/**
 * Walks a funnel definition (of any shape) and lists what the checks need:
 * steps, hook calls, conditions and the fields each step collects, each with
 * its JSON pointer.
 */
import { BLOCK_TYPES, blockPropSchemas } from "../../../schema/blocks.schema";
import { HOOK_NAMES } from "../../../schema/hooks.schema";
import { asArray, asObject, asString, type Obj } from "../loose";
import { pointer } from "../pointer";

export interface StepView {
  index: number;
  path: string;
  id: string | undefined;
  raw: Obj;
}

export interface HookView {
  path: string;
  call: Obj;
}

export type ConditionPlace = "continueWhen" | "includeWhen" | "visibleWhen" | "openWhen" | "when" | "requireCondition";

export interface ConditionView {
  path: string;
  place: ConditionPlace;
  condition: unknown;
}

export interface FieldRead {
  path: string;
  operator: "filled" | "valid" | "equals";
  field: string;
  value?: unknown;
}

export interface FieldBinding {
  path: string;
  field: string;
}

/** The addressLookup block writes every field under this prefix. */
export const ADDRESS_PREFIX = "address.";

const FIELD_PROP_DESCRIPTION = "A key of the funnel's fields map.";

/**
 * Block type → the props that bind a field, read from the block schemas (a
 * prop declared with the shared `field` schema), so a new field block needs
 * no change here.
 */
export const FIELD_BINDING_PROPS: Record<string, string[]> = Object.fromEntries(
  Object.entries(blockPropSchemas)
    .map(([type, body]): [string, string[]] => [
      type,
      Object.entries(body.properties)
        .filter(([, schema]) => (schema as { description?: string }).description === FIELD_PROP_DESCRIPTION)
        .map(([name]) => name),
    ])
    .filter(([, props]) => props.length > 0),
);

export function stepsOf(funnel: unknown): StepView[] {
  return asArray(asObject(funnel).steps).map((raw, index) => ({
    index,
    path: pointer("steps", index),
    id: asString(asObject(raw).id),
    raw: asObject(raw),
  }));
}

export function blocksOf(step: StepView): { path: string; type: string | undefined; block: Obj; props: Obj }[] {
  return asArray(step.raw.blocks).map((raw, i) => {
    const block = asObject(raw);
    return { path: `${step.path}${pointer("blocks", i)}`, type: asString(block.type), block, props: asObject(block.props) };
  });
}

/** Every hook call a step can run: onEnter, onNext, action buttons and machine states. */
export function hookCallsOf(step: StepView): HookView[] {
  const list = (items: unknown, path: string) => asArray(items).map((call, i) => ({ path: `${path}${pointer(i)}`, call: asObject(call) }));
  const calls = [...list(step.raw.onEnter, `${step.path}/onEnter`), ...list(step.raw.onNext, `${step.path}/onNext`)];
  for (const block of blocksOf(step)) calls.push(...list(block.props.actions, `${block.path}/props/actions`));
  for (const [name, state] of Object.entries(asObject(asObject(step.raw.machine).states))) {
    calls.push(...list(asObject(state).run, `${step.path}${pointer("machine", "states", name, "run")}`));
  }
  return calls;
}

/** Every condition on a step, with where it sits (which decides what it may read). */
export function conditionsOf(step: StepView): ConditionView[] {
  const found: ConditionView[] = [];
  const add = (place: ConditionPlace, condition: unknown, path: string) => {
    if (condition !== undefined) found.push({ place, condition, path });
  };
  add("includeWhen", step.raw.includeWhen, `${step.path}/includeWhen`);
  add("continueWhen", step.raw.continueWhen, `${step.path}/continueWhen`);
  for (const block of blocksOf(step)) {
    add("visibleWhen", block.block.visibleWhen, `${block.path}/visibleWhen`);
    add("openWhen", block.props.openWhen, `${block.path}/props/openWhen`);
  }
  asArray(step.raw.next).forEach((entry, i) => add("when", asObject(entry).when, `${step.path}${pointer("next", i, "when")}`));
  for (const hook of hookCallsOf(step)) {
    if (hook.call.hook === "requireCondition") add("requireCondition", hook.call.condition, `${hook.path}/condition`);
  }
  return found;
}

/** The form fields a condition tree reads (query and brand leaves read no field). */
export function fieldReads(condition: unknown, path: string): FieldRead[] {
  const node = asObject(condition);
  const reads: FieldRead[] = [];
  asArray(node.all).forEach((child, i) => reads.push(...fieldReads(child, `${path}${pointer("all", i)}`)));
  asArray(node.any).forEach((child, i) => reads.push(...fieldReads(child, `${path}${pointer("any", i)}`)));
  if (node.not !== undefined) reads.push(...fieldReads(node.not, `${path}/not`));
  for (const operator of ["filled", "valid"] as const) {
    const field = asString(node[operator]);
    if (field !== undefined) reads.push({ path: `${path}/${operator}`, operator, field });
  }
  const [field, value] = asArray(node.equals);
  if (typeof field === "string") reads.push({ path: `${path}/equals/0`, operator: "equals", field, value });
  return reads;
}

/** Fields a step binds by name: field block props and setValue hooks. */
export function fieldBindingsOf(step: StepView): FieldBinding[] {
  const bindings: FieldBinding[] = [];
  for (const block of blocksOf(step)) {
    for (const prop of FIELD_BINDING_PROPS[block.type ?? ""] ?? []) {
      const field = asString(block.props[prop]);
      if (field !== undefined) bindings.push({ path: `${block.path}/props/${prop}`, field });
    }
  }
  for (const hook of hookCallsOf(step)) {
    const field = asString(hook.call.field);
    if (hook.call.hook === "setValue" && field !== undefined) bindings.push({ path: `${hook.path}/field`, field });
  }
  return bindings;
}

/** Every field a step collects: its bindings, plus all address.* fields when it has an address lookup. */
export function fieldsCollectedBy(step: StepView, fieldKeys: readonly string[]): Set<string> {
  const collected = new Set(fieldBindingsOf(step).map((b) => b.field));
  if (blocksOf(step).some((b) => b.type === "addressLookup")) {
    for (const key of fieldKeys) if (key.startsWith(ADDRESS_PREFIX)) collected.add(key);
  }
  return collected;
}

/** Field keys of the funnel's `fields` map. */
export function fieldKeysOf(funnel: unknown): string[] {
  return Object.keys(asObject(asObject(funnel).fields));
}

/** Whether `read` names a field: exactly for filled/equals, as a path prefix for valid. */
export function readMatches(read: Pick<FieldRead, "operator" | "field">, key: string): boolean {
  return key === read.field || (read.operator === "valid" && key.startsWith(`${read.field}.`));
}

/**
 * A step with an unknown block type or hook (already an error) may collect
 * fields we cannot see; checks that depend on what it collects skip it rather
 * than pile follow-on errors onto the one real mistake.
 */
export function hasUnknownParts(step: StepView): boolean {
  const blocks: readonly string[] = BLOCK_TYPES;
  const hooks: readonly string[] = HOOK_NAMES;
  return blocksOf(step).some((b) => !blocks.includes(b.type ?? "")) || hookCallsOf(step).some((h) => !hooks.includes(asString(h.call.hook) ?? ""));
}
