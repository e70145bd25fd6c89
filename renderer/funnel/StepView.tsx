/** Renders a step's visible blocks from the registry; heavy blocks load lazily behind a spinner. */
import { Suspense, useEffect, type ComponentType } from "react";
import { withPropDefaults } from "../../schema/blocks.schema";
import type { StepDefinition } from "../../schema/types";
import { blockRegistry } from "../blocks/registry";
import { evaluateCondition, type ConditionContext } from "../../engine/conditions";
import type { BlockComponentProps, FunnelRuntime } from "../runtime/runtime";

/**
 * Tells its parent that the blocks beside it are live. Inside the Suspense boundary, so its effect runs when
 * the blocks' own commit does: on a server-rendered page React hydrates the boundary after the page around it,
 * and until then the blocks' fields have no handlers.
 */
function BlocksLive({ onLive }: { onLive?: () => void }) {
  useEffect(() => {
    onLive?.();
  }, [onLive]);
  return null;
}

export function StepView({
  step,
  runtime,
  conditions,
  onLive,
}: {
  step: StepDefinition;
  runtime: FunnelRuntime;
  conditions: ConditionContext;
  onLive?: () => void;
}) {
  return (
    <Suspense fallback={<div className="spinner" role="status" aria-label="Loading" />}>
      {step.blocks.map((block, index) => {
        if (block.visibleWhen && !evaluateCondition(block.visibleWhen, conditions)) return null;
        const Component = blockRegistry[block.type] as ComponentType<BlockComponentProps<typeof block.type>>;
        return <Component key={block.id ?? `${step.id}-${index}`} block={withPropDefaults(block) as never} runtime={runtime} />;
      })}
      <BlocksLive onLive={onLive} />
    </Suspense>
  );
}
