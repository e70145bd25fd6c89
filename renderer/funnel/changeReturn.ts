/**
 * A change made from a check page ("Check your answers"): the step it was made from rides in the address
 * (`?change=<step>`), so Next on the changed step, a reload or the browser's Back still know where to return.
 * It names a step, never an answer.
 */
import type { FunnelDefinition } from "../../schema/types";

export const CHANGE_PARAM = "change";

/** The query string with the check step to return to (or without it, for null). */
export function changeSearch(search: string, returnTo: string | null | undefined): string {
  const params = new URLSearchParams(search);
  if (returnTo) params.set(CHANGE_PARAM, returnTo);
  else params.delete(CHANGE_PARAM);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The check step a change returns to: a step of this funnel with a checkAnswers block, named in the query. */
export function returnStepOf(funnel: FunnelDefinition, query: URLSearchParams): string | null {
  const id = query.get(CHANGE_PARAM);
  const step = id ? funnel.steps.find((s) => s.id === id) : undefined;
  return step && step.blocks.some((b) => b.type === "checkAnswers") ? step.id : null;
}
