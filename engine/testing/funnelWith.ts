/**
 * Builds a small funnel inline, for engine, block and runner tests: a test names only the steps, fields and
 * settings it is about, and the rest gets the smallest valid defaults (labels that say what they are).
 */
import type { Block, FieldDefinition, FunnelDefinition, StepDefinition } from "../../schema/types";

/** A block as a test writes it (props as plain data; the block's component reads them as its type). */
export interface BlockParts {
  type: string;
  id?: string;
  visibleWhen?: unknown;
  props: object;
}

/** A step as a test writes it: blocks at least; the id and title default to `step-<n>` and `Step <n>`. */
export type StepParts = Omit<Partial<StepDefinition>, "blocks" | "machine"> & { blocks: readonly BlockParts[]; machine?: object };

export type FunnelParts = Partial<Omit<FunnelDefinition, "steps" | "routing" | "navigation" | "fields">> & {
  steps: StepParts[];
  /** Fields as a test writes them, or as a fixture's JSON gives them. */
  fields?: Record<string, object>;
  routing?: Partial<FunnelDefinition["routing"]>;
  navigation?: Partial<FunnelDefinition["navigation"]>;
};

export function funnelWith({ steps, fields = {}, routing, navigation, version = "t1", ...rest }: FunnelParts): FunnelDefinition {
  return {
    version,
    title: "Test funnel",
    ...rest,
    routing: { path: version, unknownStep: "firstStep", ...routing },
    navigation: { nextLabel: "Next", busyLabel: "Working", submitLabel: "Send", backLabel: "Back", ...navigation },
    fields: structuredClone(fields) as Record<string, FieldDefinition>,
    steps: steps.map((step, i) => ({
      id: `step-${i + 1}`,
      title: `Step ${i + 1}`,
      ...(structuredClone(step) as Omit<StepDefinition, "id" | "title">),
      blocks: structuredClone(step.blocks) as unknown as Block[],
    })),
  };
}
