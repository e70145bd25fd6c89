/**
 * The TS types that mirror the schema (HookCall, derived from the hook manifests, FieldDefinition,
 * FieldRule, StepDefinition, FunnelDefinition and their parts) against the
 * types json-schema-to-ts derives from the schema itself. The checks are
 * type-level: a drift on either side makes `npm run typecheck` fail here,
 * naming the type. The runtime test only keeps Vitest from reporting an empty file.
 */
import type { FromSchema } from "json-schema-to-ts";
import { describe, expect, it } from "vitest";
import type { Block, HookCall as HookCallFromTypes } from "./types";
import type { AccessGuard, Banner, FunnelDefinition, MachineState, NavTarget, StepDefinition } from "./types";
import type { Condition } from "./condition.schema";
import type { FieldDefinition, FieldRule, fieldRuleSchemas, fieldSchema } from "./field.schema";
import type { HookCall, HookName, hookParamSchemas } from "./hooks.schema";
import type { accessSchema, bannerSchema, funnelSchema, machineSchema, navTargetSchema, stepSchema } from "./funnel.schema";

/** A and B accept the same values (each is assignable to the other). */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The keys of every member of a union (a string index signature counts as string, with or without number). */
type KeysOf<T> = T extends unknown ? (string extends keyof T ? string : keyof T) : never;
/** A key's value type across the members of a union that have it. */
type PropOf<T, K> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type Depth = [0, 0, 0, 0, 0, 0];
type Tail<D extends unknown[]> = D extends [unknown, ...infer R] ? R : [];
type AllTrue<T> = false extends T[keyof T] ? false : true;
/**
 * A and B have the same shape: they accept the same values and, level by level, name the same
 * keys (mutual assignability alone lets an optional key be missing on one side).
 */
type Same<A, B, D extends unknown[] = Depth> =
  Mutual<A, B> extends false
    ? false
    : D extends []
      ? true
      : [A] extends [readonly (infer EA)[]]
        ? [B] extends [readonly (infer EB)[]]
          ? Same<EA, EB, Tail<D>>
          : false
        : [A] extends [object]
          ? Mutual<KeysOf<A>, KeysOf<B>> extends false
            ? false
            : AllTrue<{ [K in KeysOf<A>]: Same<Exclude<PropOf<A, K>, undefined>, Exclude<PropOf<B, K>, undefined>, Tail<D>> }>
          : true;
/** Every value of A is valid by B, and both have the same keys (B is looser: the schema says "exactly one of" in a way json-schema-to-ts cannot type). */
type Within<A, B> = [A] extends [B] ? Mutual<KeysOf<A>, KeysOf<B>> : false;
/** Compiles only when T is true. */
type Assert<T extends true> = T;

/** Each $ref stands for its own hand-written type, which is checked on its own line below. */
type Options = {
  deserialize: [
    { pattern: { $ref: "condition" }; output: Condition },
    { pattern: { $ref: "hookCall" }; output: HookCall },
    { pattern: { $ref: "fieldRule" }; output: FieldRule },
    { pattern: { $ref: "field" }; output: FieldDefinition },
    { pattern: { $ref: "block" }; output: Block },
    { pattern: { $ref: "step" }; output: StepDefinition },
    { pattern: { $ref: "navTarget" }; output: NavTarget },
    { pattern: { $ref: "banner" }; output: Banner },
    { pattern: { $ref: "machine" }; output: { initial: string; states: Record<string, MachineState> } },
    { pattern: { $ref: "access" }; output: AccessGuard },
  ];
  references: [
    { $id: "condition" },
    { $id: "hookCall" },
    { $id: "fieldRule" },
    { $id: "field" },
    { $id: "block" },
    { $id: "step" },
    { $id: "navTarget" },
    { $id: "banner" },
    { $id: "machine" },
    { $id: "access" },
  ];
};
type Derived<S> = FromSchema<S & object, Options>;

/** An object schema of some properties, as the per-name tables (hooks, rules) hold them. */
type ObjectOf<Body extends { properties: object }> = {
  type: "object";
  properties: Body["properties"];
  required: Body extends { required: infer R extends readonly string[] } ? R : [];
  additionalProperties: false;
};

/** The hook calls as the schema builds them: one object per hook name, with the common keys. */
type DerivedHookCall = {
  [N in HookName]: { hook: N } & Derived<HookCallCommon> & Derived<ObjectOf<(typeof hookParamSchemas)[N]>>;
}[HookName];
/** The field rules as the schema builds them: one object per rule name, each with a message. */
type DerivedFieldRule = {
  [R in keyof typeof fieldRuleSchemas]: { rule: R; message: string } & Derived<ObjectOf<(typeof fieldRuleSchemas)[R]>>;
}[keyof typeof fieldRuleSchemas];

type HookCallCommon = {
  type: "object";
  properties: { once: { type: "boolean" }; onFailure: { enum: ["stop", "ignore"] } };
  additionalProperties: false;
};

export type Checks = [
  Assert<Same<HookCall, DerivedHookCall>>,
  Assert<Same<HookCallFromTypes, HookCall>>,
  Assert<Same<FieldRule, DerivedFieldRule>>,
  Assert<Same<FieldDefinition, Derived<typeof fieldSchema>>>,
  // minProperties/maxProperties make it one of step or href; the TS type says so, the derived type cannot.
  Assert<Within<NavTarget, Derived<typeof navTargetSchema>>>,
  Assert<Same<Banner, Derived<typeof bannerSchema>>>,
  Assert<Same<{ initial: string; states: Record<string, MachineState> }, Derived<typeof machineSchema>>>,
  // The TS type ties keys to userMetadata and idFrom to claimRequest; the schema leaves that to the lint's access-guard check.
  Assert<Within<AccessGuard["checks"][number], Derived<typeof accessSchema>["checks"][number]>>,
  Assert<Same<AccessGuard["load"], Derived<typeof accessSchema>["load"]>>,
  Assert<Same<StepDefinition, Derived<typeof stepSchema>>>,
  Assert<Same<FunnelDefinition, Derived<typeof funnelSchema>>>,
];

describe("hand-written schema types", () => {
  it("are checked against the schema by the type checker (see the Checks type above)", () => {
    const checks: Checks["length"] = 11;
    expect(checks).toBe(11);
  });
});
