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

export const blockPropSchemas = Object.fromEntries(
  Object.entries(blockManifests).map(([type, manifest]) => [type, propSchemasOf(manifest)]),
) as unknown as { readonly [T in keyof Manifests]: PropSchemasOf<Manifests[T]> };

export const BLOCK_TYPES = Object.keys(blockPropSchemas) as ReadonlyArray<keyof typeof blockPropSchemas>;
export type BlockType = keyof typeof blockPropSchemas;

export const blockSchema = {
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
} as const;

/**
 * Block types that move the visitor on by themselves (a button running hooks,
 * identity questions, the account set-up, the submitting flow), so a step
 * holding one needs no Next button: the manifests that say `movesOn`. The lint's
 * dead-end check reads this list. The credit check is not one: its step's state
 * machine moves on, so a creditCheck step without a machine is a dead end.
 */
export const BLOCKS_THAT_MOVE_ON: readonly BlockType[] = BLOCK_TYPES.filter((type) => blockManifests[type].movesOn === true);

/**
 * Block types that reach the form (react-hook-form): those that bind a field, and those whose manifest says
 * `usesForm` (the form's control, errors or reset). Steps without one are drawn and hydrated without it.
 */
export const FORM_BLOCK_TYPES: ReadonlySet<BlockType> = new Set(
  BLOCK_TYPES.filter((type) => {
    const manifest: BlockManifest = blockManifests[type];
    return manifest.usesForm === true || Object.values(manifest.props).some((spec) => spec.role === "field" && spec.use === "binds");
  }),
);
