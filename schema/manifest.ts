/**
 * How a block type or a hook describes itself: one manifest per block
 * (schema/blocks/<type>.ts) and per hook (schema/hooks/<name>.ts). A manifest
 * holds the description editors see, every prop (or param) with its schema and
 * its role, the form paths it binds, writes, reads and requires, the hooks that
 * must run before it, and whether it moves the visitor on or needs the form.
 * Every list the rest of the project reads (the prop schemas, the roles, the
 * contracts, the form blocks, the blocks that move on, the hook params and the
 * HookCall type) is built from the manifests in blocks.schema.ts,
 * hooks.schema.ts and contracts.ts.
 */
import type { JSONSchema } from "json-schema-to-ts";
import type { Contract, ContractPath } from "./contractPaths";

/**
 * - copy: words the visitor reads; a copy overlay may change them.
 * - field: names a form path (a field or a group of fields); it says how it is used.
 * - behaviour: numbers, modes, conditions, hooks, state names, icons, layout.
 * - link: where the visitor is sent (a site path or a step).
 */
export type PropRole = "copy" | "field" | "behaviour" | "link";

/**
 * What a prop that names a form path does with it: the block binds it (the visitor fills it in and Next
 * validates it), writes, reads or requires it; `contract` when the manifest's contract function reads it.
 */
export type PathUse = "binds" | "writes" | "reads" | "requires" | "contract";

/** A JSON Schema fragment, kept literal (`as const`) so json-schema-to-ts can type the props. */
type SchemaFragment = JSONSchema;

export type PropSpec<S extends SchemaFragment = SchemaFragment> =
  | { readonly role: "copy" | "behaviour" | "link"; readonly schema: S }
  | {
      readonly role: "field";
      readonly schema: S;
      readonly use: PathUse;
      /** The path used when the prop is not given (a fixed place the block or hook used to read). */
      readonly default?: string;
      /** A group prop: the keys under it the block binds (each path is `<group>.<key>`). */
      readonly members?: readonly string[];
    };

export type PropSpecs = { readonly [name: string]: PropSpec };

/** A prop's value as a contract function sees it: anything a definition may hold. */
export type PropValues<P extends PropSpecs> = { readonly [K in keyof P]?: unknown };

interface Manifest<P extends PropSpecs, R extends readonly (keyof P & string)[]> {
  /** What editors read on hover in VS Code, and the generated JSON Schema's description. */
  readonly description: string;
  readonly props: P;
  /** The props a definition must give. */
  readonly required?: R;
  /** Paths it writes, reads or requires by themselves (runtime keys, default paths), beside those props name. */
  readonly writes?: readonly string[];
  readonly reads?: readonly string[];
  readonly requires?: readonly string[];
  /** Hooks that must have run earlier on every way to it. */
  readonly after?: readonly string[];
  /** Lists that depend on the props' values; each list given here replaces the one built from the above. */
  readonly contract?: (props: PropValues<P>) => Partial<Contract>;
}

export interface BlockManifest<
  P extends PropSpecs = PropSpecs,
  R extends readonly (keyof P & string)[] = readonly string[],
> extends Manifest<P, R> {
  /** It moves the visitor on by itself (runs hooks and calls goNext), so its step needs no Next button. */
  readonly movesOn?: boolean;
  /**
   * It needs react-hook-form itself to be drawn (the form's control, or reset), so a step holding it waits for
   * it. A block that binds a field does not: it reads and sets the funnel form, which works before react-hook-form
   * has loaded (renderer/runtime/funnelForm.ts).
   */
  readonly usesForm?: boolean;
}

export type HookManifest<P extends PropSpecs = PropSpecs, R extends readonly (keyof P & string)[] = readonly string[]> = Manifest<P, R>;

/** A block type's manifest; `required` is always present in what it returns. Calls have no side effects (bundles may drop unused ones). */
/* @__NO_SIDE_EFFECTS__ */
export function defineBlock<const P extends PropSpecs, const R extends readonly (keyof P & string)[] = []>(
  manifest: BlockManifest<P, R>,
): BlockManifest<P, R> & { readonly required: R } {
  return { ...manifest, required: manifest.required ?? ([] as unknown as R) };
}

/** A hook's manifest: its params are props by another name (a hook call holds them beside `hook`). */
/* @__NO_SIDE_EFFECTS__ */
export function defineHook<const P extends PropSpecs, const R extends readonly (keyof P & string)[] = []>(
  manifest: HookManifest<P, R>,
): HookManifest<P, R> & { readonly required: R } {
  return { ...manifest, required: manifest.required ?? ([] as unknown as R) };
}

/** Prop helpers: the role inline with the schema. */
export const copy = /* @__NO_SIDE_EFFECTS__ */ <const S extends SchemaFragment>(schema: S) => ({ role: "copy", schema }) as const;
export const behaviour = /* @__NO_SIDE_EFFECTS__ */ <const S extends SchemaFragment>(schema: S) => ({ role: "behaviour", schema }) as const;
export const link = /* @__NO_SIDE_EFFECTS__ */ <const S extends SchemaFragment>(schema: S) => ({ role: "link", schema }) as const;
/** A prop naming a field the visitor fills in through the block. */
export const binds = /* @__NO_SIDE_EFFECTS__ */ <const S extends SchemaFragment>(schema: S) =>
  ({ role: "field", schema, use: "binds" }) as const;
/** A prop naming a group of fields the block binds, `<group>.<member>` each. */
export const bindsGroup = /* @__NO_SIDE_EFFECTS__ */ <const S extends SchemaFragment>(
  schema: S,
  members: readonly string[],
  fallback: string,
) => ({ role: "field", schema, use: "binds", members, default: fallback }) as const;
/** A prop naming a path the block or hook writes, reads or requires, with the path it uses when not given. */
export const pathProp = /* @__NO_SIDE_EFFECTS__ */ <const S extends SchemaFragment>(
  use: Exclude<PathUse, "binds">,
  schema: S,
  fallback?: string,
) => ({ role: "field", schema, use, ...(fallback === undefined ? {} : { default: fallback }) }) as const;

/** Shared prop schemas. */
export const text = { type: "string" } as const;
export const field = { type: "string", description: "A key of the funnel's fields map." } as const;
/** A group of fields: the path their keys sit under, e.g. 'address' for address.postcode. */
export const fieldGroup = { type: "string", pattern: "^[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*$" } as const;

const named = (list: readonly string[] | undefined): ContractPath[] => (list ?? []).map((path) => ({ path }));

/** A manifest's contract for the props (or params) one block (or hook call) gives. */
export function buildContract(manifest: Manifest<PropSpecs, readonly string[]>, values: Readonly<Record<string, unknown>>): Contract {
  const built: Contract = {
    binds: [],
    writes: named(manifest.writes),
    reads: named(manifest.reads),
    requires: named(manifest.requires),
    after: [...(manifest.after ?? [])],
  };
  for (const [name, spec] of Object.entries(manifest.props)) {
    if (spec.role !== "field" || spec.use === "contract") continue;
    const value = values[name];
    const into = built[spec.use] as ContractPath[] | undefined;
    if (!into)
      throw new Error(`Prop '${name}' names a form path but its manifest does not say whether it binds, writes, reads or requires it`);
    if (spec.members) {
      const group = typeof value === "string" ? value : spec.default;
      into.push(...spec.members.map((key) => ({ path: `${group}.${key}`, prop: name, member: true })));
    } else if (typeof value === "string") into.push({ path: value, prop: name });
    else if (spec.default !== undefined) into.push({ path: spec.default });
  }
  return { ...built, ...manifest.contract?.(values as PropValues<PropSpecs>) };
}

/** The JSON Schema of a manifest's props: what the definition format says about them. */
export type PropSchemasOf<M extends { readonly props: PropSpecs; readonly required: readonly string[] }> = {
  readonly description: string;
  readonly properties: { readonly [K in keyof M["props"]]: Extract<M["props"][K]["schema"], JSONSchema> };
  readonly required: M["required"];
};

export function propSchemasOf<M extends { readonly description: string; readonly props: PropSpecs; readonly required: readonly string[] }>(
  manifest: M,
): PropSchemasOf<M> {
  const properties = Object.fromEntries(Object.entries(manifest.props).map(([name, spec]) => [name, spec.schema]));
  return { description: manifest.description, properties, required: manifest.required } as PropSchemasOf<M>;
}
