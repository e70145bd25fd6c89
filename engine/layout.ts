/** Layout chrome chosen by the definition: the banner a step shows (its own, the funnel's, or none) and the top bar. */
import type { Banner, FunnelDefinition, StepDefinition, TopBar } from "../schema/types";

export function bannerFor(funnel: FunnelDefinition, step: StepDefinition): Banner | null {
  if (step.banner === "hidden") return null;
  return step.banner ?? funnel.layout?.banner ?? null;
}

export function topBarFor(funnel: FunnelDefinition): TopBar | null {
  return funnel.layout?.topBar ?? null;
}

/**
 * Whether the step shows a top bar or a banner: only then does its page carry their code and stylesheet (the
 * server links them into such a page; the browser loads them before drawing one).
 */
export function showsHeaderChrome(funnel: FunnelDefinition, step: StepDefinition): boolean {
  return bannerFor(funnel, step) !== null || topBarFor(funnel) !== null;
}
