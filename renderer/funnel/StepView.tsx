/** Renders a step's visible blocks from the registry; heavy blocks load lazily behind a spinner. */
import { Suspense, type ComponentType } from "react";
import type { StepDefinition } from "../../schema/types";
import { blockRegistry } from "../blocks/registry";
import { evaluateCondition, type ConditionContext } from "../engine/conditions";
import type { BlockComponentProps, FunnelRuntime } from "./runtime";

export function StepView({ step, runtime, conditions }: { step: StepDefinition; runtime: FunnelRuntime; conditions: ConditionContext }) {
  return (
    <Suspense fallback={<div className="spinner" role="status" aria-label="Loading" />}>
      {step.blocks.map((block, index) => {
        if (block.visibleWhen && !evaluateCondition(block.visibleWhen, conditions)) return null;
        const Component = blockRegistry[block.type] as ComponentType<BlockComponentProps<typeof block.type>>;
        return <Component key={block.id ?? `${step.id}-${index}`} block={block as never} runtime={runtime} />;
      })}
    </Suspense>
  );
}
