/**
 * How many lenders a claimant may pick by hand, read from the funnel's own lender picker (its
 * `max` and `limitMessage`), so the server refuses exactly what the page would not allow.
 */
import type { FunnelDefinition } from "../../schema/types";

export interface LenderLimit {
  max: number;
  message: string;
}

/** The funnel's lender picker's limit (the largest, if a funnel has several); null when it has no picker. */
export function manualLenderLimit(funnel: FunnelDefinition): LenderLimit | null {
  let limit: LenderLimit | null = null;
  for (const step of funnel.steps) {
    for (const block of step.blocks) {
      if (block.type !== "lenderPicker") continue;
      if (!limit || block.props.max > limit.max) limit = { max: block.props.max, message: block.props.limitMessage };
    }
  }
  return limit;
}
