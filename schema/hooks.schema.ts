/**
 * Hook calls: the side effects a step runs on entry or on Next. Each hook's params come from its manifest
 * (schema/hooks/<name>.ts, listed in schema/hooks/index.ts); the implementations live in renderer/hooks/ and a
 * test checks that the registry and this list agree.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import type { Condition } from "./condition.schema";
import { hookManifests } from "./hooks/index";
import { propSchemasOf, type PropSchemasOf } from "./manifest";

export { hookManifests };

type Manifests = typeof hookManifests;

// Built in calls marked pure, so a bundle that does not use them (the browser's) leaves them out.
export const hookParamSchemas = /* @__PURE__ */ (() =>
  Object.fromEntries(Object.entries(hookManifests).map(([hook, manifest]) => [hook, propSchemasOf(manifest)])) as unknown as {
    readonly [N in keyof Manifests]: PropSchemasOf<Manifests[N]>;
  })();

export const HOOK_NAMES = /* @__PURE__ */ (() => Object.keys(hookManifests) as ReadonlyArray<keyof Manifests>)();
export type HookName = keyof Manifests;

const common = {
  once: { type: "boolean", description: "Run at most once per claim." },
  onFailure: { enum: ["stop", "ignore"], description: "What a failure does (default stop)." },
} as const;

export const hookCallSchema = /* @__PURE__ */ (() =>
  ({
    $id: "hookCall",
    type: "object",
    required: ["hook"],
    discriminator: { propertyName: "hook" },
    oneOf: Object.entries(hookParamSchemas).map(([hook, body]) => ({
      type: "object",
      properties: { hook: { const: hook }, ...common, ...body.properties },
      required: ["hook", ...("required" in body ? body.required : [])],
      additionalProperties: false,
    })),
  }) as const)();

/** A hook call's params as an object schema, for json-schema-to-ts. */
type ParamsSchema<N extends HookName> = {
  type: "object";
  properties: Extract<(typeof hookParamSchemas)[N]["properties"], Record<string, JSONSchema>>;
  required: (typeof hookParamSchemas)[N]["required"];
  additionalProperties: false;
};
type Params<N extends HookName> = FromSchema<
  ParamsSchema<N>,
  { deserialize: [{ pattern: { $ref: "condition" }; output: Condition }]; references: [{ $id: "condition" }] }
>;

type Common = { once?: boolean; onFailure?: "stop" | "ignore" };
/** A hook call as a definition holds it, derived from the hooks' manifests: `hook`, its params and the common keys. */
export type HookCall = { [N in HookName]: Common & { hook: N } & Params<N> }[HookName];

/** Why the credit check's identity check refused, as the identityBeforeCreditCheck hook call gives them. */
export type IdentityRefusalMessages = Extract<HookCall, { hook: "identityBeforeCreditCheck" }>["messages"];

/** The credit check's messages, as the runCreditSearch hook call gives them. */
export type CreditSearchMessages = Extract<HookCall, { hook: "runCreditSearch" }>["messages"];
