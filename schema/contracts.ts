/**
 * What each block type and hook does to the form data, built from their
 * manifests (schema/blocks/, schema/hooks/). The engine (which fields a step
 * binds), the lint (what a step needs was written earlier, on every path
 * through the flow; which props a copy overlay may change) and the server
 * (copy overlays) all read this file.
 *
 * - Prop roles: every block prop is copy, field, behaviour or link, as its
 *   manifest says inline. Only copy may be changed by a brand's or the site's
 *   copy overlay.
 * - Contracts: the form paths a block or hook binds (the user fills them in),
 *   writes, reads when present, and requires (must have been written before),
 *   and the hooks that must have run before it. Paths a block or hook used to
 *   read at a fixed place are props with defaults (contractPaths.ts).
 * - Runtime keys: form data the hooks and blocks keep beside the fields (the
 *   claim request's id, the credit check's outcome…), none of them a field.
 */
import { blockManifests, type BlockType } from "./blocks.schema";
import { hookManifests, type HookName } from "./hooks.schema";
import { buildContract, type BlockManifest, type HookManifest, type PropRole } from "./manifest";
import { paths, type Contract as ContractOfPaths, type ContractPath } from "./contractPaths";
import type { Block, HookCall } from "./types";

export type { PropRole } from "./manifest";
export type { ContractPath, RuntimeKey, AddressKey } from "./contractPaths";
export { RUNTIME_KEYS, PATH_DEFAULTS, ADDRESS_KEYS, addressPaths, identityPaths } from "./contractPaths";

export interface Contract extends Omit<ContractOfPaths, "after"> {
  /** Hooks that must have run earlier on every way to it. */
  after: HookName[];
}

type Manifests = typeof blockManifests;

/** The role of every block prop, from the manifests. */
export const BLOCK_PROP_ROLES = /* @__PURE__ */ (() =>
  Object.fromEntries(
    Object.entries(blockManifests).map(([type, manifest]: [string, BlockManifest]) => [
      type,
      Object.fromEntries(Object.entries(manifest.props).map(([prop, spec]) => [prop, spec.role])),
    ]),
  ) as { readonly [T in BlockType]: { readonly [P in keyof Manifests[T]["props"]]: PropRole } })();

/** The role of a block type's prop, or undefined when the type has no such prop. */
export function propRole(type: string, prop: string): PropRole | undefined {
  const roles = (BLOCK_PROP_ROLES as Record<string, Record<string, PropRole>>)[type];
  return roles && Object.hasOwn(roles, prop) ? roles[prop] : undefined;
}

/** The props of a block type with a given role, in schema order. */
export function propsWithRole(type: string, role: PropRole): string[] {
  const roles = (BLOCK_PROP_ROLES as Record<string, Record<string, PropRole>>)[type] ?? {};
  return Object.entries(roles)
    .filter(([, r]) => r === role)
    .map(([prop]) => prop);
}

/** What a hook call does to the form data; params that name paths are read with their defaults. */
export function hookContract(call: HookCall): Contract {
  const manifest: HookManifest | undefined = (hookManifests as Record<string, HookManifest>)[call.hook];
  return (manifest ? buildContract(manifest, call) : buildContract({ description: "", props: {} }, {})) as Contract;
}

/** What a block does to the form data; props that name paths are read with their defaults. */
export function blockContract(block: Block): Contract {
  const manifest: BlockManifest | undefined = (blockManifests as Record<string, BlockManifest>)[block.type];
  return (manifest ? buildContract(manifest, block.props ?? {}) : buildContract({ description: "", props: {} }, {})) as Contract;
}

/**
 * The fields a block binds: the user fills them in through it, and its step's Next validates them. The props
 * whose manifest entry says `binds` (a field-role prop must say how it is used, so none is forgotten).
 */
export function blockBinds(block: Block): ContractPath[] {
  return blockContract(block).binds;
}

/** The fields a block binds (what its step's Next validates). */
export function blockBindings(block: Block): string[] {
  return blockBinds(block).map((b) => b.path);
}

/**
 * What the page's access guard provides before any step runs: with `load:
 * "claimRequest"` the server sends the claim request the guard found (its id,
 * reference and claims) with the form data (server/routes/access.ts).
 */
export function accessContract(access: { load?: unknown } | undefined): Contract {
  const writes = access?.load === "claimRequest" ? paths("claim_request_id", "claim_reference", "claims", "claimsFound") : [];
  return { binds: [], writes, reads: [], requires: [], after: [] };
}

/**
 * The hooks and block types that write a runtime key (with their params' and
 * props' defaults), for messages that say how to get one.
 */
export function writersOf(path: string, hookNames: readonly HookName[], blockTypes: readonly BlockType[]): string[] {
  const hooks = hookNames.filter((hook) => hookContract({ hook } as HookCall).writes.some((p) => p.path === path));
  const blocks = blockTypes.filter((type) => blockContract({ type, props: {} } as Block).writes.some((p) => p.path === path));
  return [...hooks, ...blocks.map((type) => `a ${type} block`)];
}
