/**
 * Block types and their props, built from the block manifests (schema/blocks/<type>.ts, listed in
 * schema/blocks/index.ts). A block renders part of a step; field blocks bind to a field defined in the funnel's
 * `fields` map. A new block type is its manifest, one line in that index, its component folder in
 * renderer/blocks/ and one line in the renderer's registry.
 */
import { blockManifests } from "./blocks/index";
import { propSchemasOf, type BlockManifest, type PropSchemasOf } from "./manifest";

export { blockManifests };

type Manifests = typeof blockManifests;

// The lists below are built in calls marked pure, so a bundle that does not use one (the browser's, which never
// validates) leaves it out.
export const blockPropSchemas = /* @__PURE__ */ (() =>
  Object.fromEntries(Object.entries(blockManifests).map(([type, manifest]) => [type, propSchemasOf(manifest)])) as unknown as {
    readonly [T in keyof Manifests]: PropSchemasOf<Manifests[T]>;
  })();

export const BLOCK_TYPES = Object.keys(blockManifests) as ReadonlyArray<keyof Manifests>;
export type BlockType = keyof Manifests;

export const blockSchema = /* @__PURE__ */ (() =>
  ({
    $id: "block",
    type: "object",
    required: ["type"],
    discriminator: { propertyName: "type" },
    oneOf: Object.entries(blockPropSchemas).map(([type, body]) => ({
      type: "object",
      properties: {
        type: { const: type },
        id: { type: "string", pattern: "^[a-z][a-zA-Z0-9-]*$" },
        visibleWhen: { $ref: "condition" },
        props: {
          type: "object",
          properties: body.properties,
          required: "required" in body ? body.required : [],
          additionalProperties: false,
        },
      },
      required: ["type", ...("required" in body && body.required.length ? ["props"] : [])],
      additionalProperties: false,
    })),
  }) as const)();

/**
 * The defaults of each block type's optional props: a prop's schema in its manifest may give a `default` (JSON
 * Schema's keyword, so editors see it too). The renderer fills them in before a block's component sees its props.
 */
export const BLOCK_PROP_DEFAULTS: { readonly [T in BlockType]: Readonly<Record<string, unknown>> } = /* @__PURE__ */ Object.fromEntries(
  BLOCK_TYPES.map((type) => {
    const manifest: BlockManifest = blockManifests[type];
    const defaults = Object.entries(manifest.props).flatMap(([prop, spec]) =>
      typeof spec.schema === "object" && spec.schema.default !== undefined ? [[prop, spec.schema.default]] : [],
    );
    return [type, Object.fromEntries(defaults)];
  }),
) as { readonly [T in BlockType]: Readonly<Record<string, unknown>> };

const filled = new WeakMap<object, object>();

/** The block with its type's prop defaults under the props the definition gives (the same object each time it is asked). */
export function withPropDefaults<B extends { type: string; props?: object }>(block: B): B {
  const defaults = (BLOCK_PROP_DEFAULTS as Record<string, Readonly<Record<string, unknown>>>)[block.type];
  if (!defaults || Object.keys(defaults).length === 0) return block;
  const known = filled.get(block);
  if (known) return known as B;
  // A prop given as undefined (never in JSON, but in code) takes its default too.
  const given = Object.entries(block.props ?? {}).filter(([, value]) => value !== undefined);
  const result = { ...block, props: { ...defaults, ...Object.fromEntries(given) } };
  filled.set(block, result);
  return result;
}

/**
 * Block types that move the visitor on by themselves (a button running hooks,
 * identity questions, the account set-up, the submitting flow), so a step
 * holding one needs no Next button: the manifests that say `movesOn`. The lint's
 * dead-end check reads this list. The credit check is not one: its step's state
 * machine moves on, so a creditCheck step without a machine is a dead end.
 */
export const BLOCKS_THAT_MOVE_ON: readonly BlockType[] = /* @__PURE__ */ (() =>
  BLOCK_TYPES.filter((type) => (blockManifests[type] as BlockManifest).movesOn === true))();

/**
 * Block types drawn only once react-hook-form is here: those whose manifest says `usesForm` (the form's control,
 * or reset). Every other step, fields and all, is drawn and hydrated without it.
 */
export const FORM_KIT_BLOCK_TYPES: ReadonlySet<BlockType> = new Set(
  BLOCK_TYPES.filter((type) => (blockManifests[type] as BlockManifest).usesForm === true),
);
