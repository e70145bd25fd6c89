/**
 * Layered definitions (docs/architecture.md, principle 5): copy overrides keyed by block id,
 * laid over a funnel on the server before it is inlined into the page.
 *
 *   shared defaults by block type ("blockCopy")  <  funnel file  <  shared content ("copy")  <  brand ("copy")
 *
 * An overlay is { "<block id>": { "<prop>": value } }. Each named prop of every
 * block with that id (in any funnel) is replaced; other props stay. Block ids
 * are unique within a funnel, and one id in several funnels is the same
 * logical block (e.g. "supreme-court-notice" in v2 and v3b), overridden once.
 * Only props whose role is copy are laid over. `funnel lint` checks every id
 * and prop exists, is copy, and the result is valid.
 */
import { propRole } from "../contracts";
import type { Block, FunnelDefinition, StepDefinition } from "../types";

export type CopyOverlay = Record<string, Record<string, unknown>>;

/**
 * The props of a patch whose role is copy (schema/contracts.ts). An overlay
 * never changes a field binding, a limit, a mode or a link target, whatever
 * it says: the lint refuses such an overlay, and this drops it if one gets here.
 */
function copyOnly(type: string, patch: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!patch) return undefined;
  const kept = Object.entries(patch).filter(([prop]) => propRole(type, prop) === "copy");
  return kept.length ? Object.fromEntries(kept) : undefined;
}

/** The funnel with the overlays applied in order (later wins); only copy props are applied. Untouched steps and blocks are shared, not copied. */
export function applyCopyOverlays(funnel: FunnelDefinition, overlays: readonly (CopyOverlay | undefined)[]): FunnelDefinition {
  const layers = overlays.filter((o): o is CopyOverlay => !!o && Object.keys(o).length > 0);
  if (layers.length === 0) return funnel;
  let changed = false;
  const steps = funnel.steps.map((step): StepDefinition => {
    let stepChanged = false;
    const blocks = step.blocks.map((block): Block => {
      if (!block.id) return block;
      const patches = layers.map((layer) => copyOnly(block.type, layer[block.id!])).filter((p): p is Record<string, unknown> => !!p);
      if (patches.length === 0) return block;
      stepChanged = true;
      return { ...block, props: Object.assign({}, block.props, ...patches) } as Block;
    });
    if (!stepChanged) return step;
    changed = true;
    return { ...step, blocks };
  });
  return changed ? { ...funnel, steps } : funnel;
}

/**
 * The funnel with each block's unset defaulted copy props (schema/blockCopy.ts) taken from the shared content's
 * `blockCopy`, by block type: the bottom layer, under the funnel's own props and every overlay.
 */
export function applyBlockCopyDefaults(
  funnel: FunnelDefinition,
  defaults: Partial<Record<string, Record<string, string>>> | undefined,
): FunnelDefinition {
  if (!defaults) return funnel;
  let changed = false;
  const steps = funnel.steps.map((step): StepDefinition => {
    let stepChanged = false;
    const blocks = step.blocks.map((block): Block => {
      const shared = defaults[block.type];
      const props = block.props as Record<string, unknown>;
      const missing = shared ? Object.entries(shared).filter(([prop]) => props[prop] === undefined) : [];
      if (missing.length === 0) return block;
      stepChanged = true;
      return { ...block, props: { ...Object.fromEntries(missing), ...props } } as Block;
    });
    if (!stepChanged) return step;
    changed = true;
    return { ...step, blocks };
  });
  return changed ? { ...funnel, steps } : funnel;
}

/** Every block id of a funnel with where it is, for the lint. */
export function blockIdsOf(funnel: unknown): { id: string; type: string; path: string; stepIndex: number; blockIndex: number }[] {
  const out: { id: string; type: string; path: string; stepIndex: number; blockIndex: number }[] = [];
  const steps = (funnel as { steps?: unknown })?.steps;
  if (!Array.isArray(steps)) return out;
  steps.forEach((step, stepIndex) => {
    const blocks = (step as { blocks?: unknown })?.blocks;
    if (!Array.isArray(blocks)) return;
    blocks.forEach((block, blockIndex) => {
      const { id, type } = (block ?? {}) as { id?: unknown; type?: unknown };
      if (typeof id === "string" && typeof type === "string") {
        out.push({ id, type, path: `/steps/${stepIndex}/blocks/${blockIndex}`, stepIndex, blockIndex });
      }
    });
  });
  return out;
}
