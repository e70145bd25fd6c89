/**
 * Walks a funnel definition (of any shape) and lists what the checks need:
 * steps, hook calls, conditions and the fields each step collects, each with
 * its JSON pointer.
 */
import { BLOCK_TYPES } from "../../schema/blocks.schema";
import { blockContract, hookContract, propsWithRole, type Contract } from "../../schema/contracts";
import { HOOK_NAMES } from "../../schema/hooks.schema";
import type { Block, HookCall } from "../../schema/types";
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

/**
 * Block type → its props that name a field or a group of fields (role
 * "field" in schema/contracts.ts), so a new field block needs no change here.
 */
export const FIELD_PROPS: Record<string, string[]> = Object.fromEntries(
  BLOCK_TYPES.map((type): [string, string[]] => [type, propsWithRole(type, "field")]).filter(([, props]) => props.length > 0),
);

const EMPTY_CONTRACT: Contract = { binds: [], writes: [], reads: [], requires: [], after: [] };
const onlyStrings = (contract: Contract): Contract => ({
  ...contract,
  binds: contract.binds.filter((p) => typeof p.path === "string"),
  writes: contract.writes.filter((p) => typeof p.path === "string"),
  reads: contract.reads.filter((p) => typeof p.path === "string"),
  requires: contract.requires.filter((p) => typeof p.path === "string"),
});

/** A block's contract, for a block of a known type (the schema reports the others). */
export function contractOfBlock(block: { type: string | undefined; props: Obj }): Contract {
  if (!(BLOCK_TYPES as readonly string[]).includes(block.type ?? "")) return EMPTY_CONTRACT;
  return onlyStrings(blockContract({ type: block.type, props: block.props } as Block));
}

/** A hook call's contract, for a known hook (the schema reports the others). */
export function contractOfHook(call: Obj): Contract {
  if (!(HOOK_NAMES as readonly string[]).includes(asString(call.hook) ?? "")) return EMPTY_CONTRACT;
  return onlyStrings(hookContract(call as unknown as HookCall));
}

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

/** Fields a step names by a field prop or a hook param (bound, written, read or required: see the contracts). */
export function fieldBindingsOf(step: StepView): FieldBinding[] {
  const bindings: FieldBinding[] = [];
  for (const block of blocksOf(step)) {
    const contract = contractOfBlock(block);
    for (const entry of [...contract.binds, ...contract.reads, ...contract.requires]) {
      // Group members (the address fields) may be left out of a funnel; only a path a prop names exactly must exist.
      if (entry.prop === undefined || entry.member) continue;
      bindings.push({ path: `${block.path}/props/${entry.prop}`, field: entry.path });
    }
  }
  for (const hook of hookCallsOf(step)) {
    const contract = contractOfHook(hook.call);
    for (const entry of [...contract.writes, ...contract.reads, ...contract.requires]) {
      if (entry.prop !== undefined && !entry.member) bindings.push({ path: `${hook.path}/${entry.prop}`, field: entry.path });
    }
  }
  return bindings;
}

/**
 * Every field a step collects: what its blocks bind (the address lookup: the fields of its group) and what its
 * hooks write to a path a param names (setValue's field).
 */
export function fieldsCollectedBy(step: StepView, fieldKeys: readonly string[]): Set<string> {
  const known = new Set(fieldKeys);
  const collected = new Set<string>();
  for (const block of blocksOf(step))
    for (const b of contractOfBlock(block).binds) if (!b.member || known.has(b.path)) collected.add(b.path);
  for (const hook of hookCallsOf(step)) for (const w of contractOfHook(hook.call).writes) if (w.prop !== undefined) collected.add(w.path);
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
  return (
    blocksOf(step).some((b) => !blocks.includes(b.type ?? "")) ||
    hookCallsOf(step).some((h) => !hooks.includes(asString(h.call.hook) ?? ""))
  );
}
