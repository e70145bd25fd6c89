/** What a hook or block evaluates a condition against: the answers so far, the query, the brand and the fields. */
import type { ConditionContext } from "../../engine/conditions";
import type { FunnelRuntime } from "./runtime";

export function runtimeConditions(runtime: Pick<FunnelRuntime, "getData" | "query" | "brand" | "funnel">): ConditionContext {
  return {
    data: runtime.getData(),
    query: runtime.query,
    brand: runtime.brand as unknown as Record<string, unknown>,
    fields: runtime.funnel.fields,
  };
}
