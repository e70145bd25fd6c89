/**
 * duration-in-seconds: a block prop in milliseconds (its name ends in Ms)
 * given a figure that reads as seconds: 1 to 99 ms is too short for anything a
 * visitor should see (a delay of "3" flashes for 3 ms, not 3 s). 0 keeps its
 * meaning (at once). Props with a static range say so in the schema.
 */
import { blockPropSchemas } from "../../schema/blocks.schema";
import { asObject } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";
import { blocksOf, stepsOf } from "../funnel/walk";

/** Below this a duration is taken for seconds (the shortest one shipped is 1000 ms). */
export const SHORTEST_DURATION_MS = 100;

/** A prop whose schema already refuses such a figure (its minimum): the schema finding is the one problem. */
function schemaRefuses(type: string | undefined, prop: string): boolean {
  const props = (blockPropSchemas as Record<string, { properties?: Record<string, { minimum?: number }> }>)[type ?? ""]?.properties;
  return (props?.[prop]?.minimum ?? 0) >= SHORTEST_DURATION_MS;
}

export function checkDurations(funnel: unknown): Finding[] {
  return stepsOf(funnel).flatMap((step) =>
    blocksOf(step).flatMap((block) =>
      Object.entries(asObject(block.props)).flatMap(([prop, value]) => {
        if (!/Ms$/.test(prop) || typeof value !== "number" || value <= 0 || value >= SHORTEST_DURATION_MS) return [];
        if (schemaRefuses(block.type, prop)) return [];
        return [
          {
            path: `${block.path}${pointer("props", prop)}`,
            code: "duration-in-seconds" as const,
            severity: "error" as const,
            message: `${prop} is in milliseconds, so ${value} is ${value} ms, too short to see; ${value} seconds is ${value * 1000}`,
            suggestion: `write ${value * 1000} for ${value} seconds`,
          },
        ];
      }),
    ),
  );
}
