/**
 * The route rules of /claim/{version}/{step}: not-found, unknown-step
 * fallbacks, mirrors (v3 runs v3b) and redirects from other versions
 * (v5 → apply-today) keeping the query string. Pure, so the server answers
 * with real redirects and 404s and the browser agrees with it.
 */
import type { FunnelDefinition } from "../schema/types";

export type RouteResolution =
  | { kind: "render"; funnel: FunnelDefinition; mountPath: string; stepId: string }
  | { kind: "redirect"; location: string }
  | { kind: "notFound" };

export interface RouteRequest {
  version?: string;
  step?: string;
  search: string; // "" or "?a=b"
  forcedVersion?: string; // a brand whose form version must be used (v5 brands)
}

function claimPath(version: string, step: string, search: string) {
  return `/claim/${version}/${step}${search}`;
}

export function findFunnelByPath(funnels: readonly FunnelDefinition[], path: string) {
  return funnels.find((f) => f.routing.path === path || f.routing.mirrors?.includes(path));
}

export function resolveClaimRoute(funnels: readonly FunnelDefinition[], req: RouteRequest): RouteResolution {
  const { version, step, search } = req;
  if (!version || !step) return { kind: "notFound" };

  for (const funnel of funnels) {
    const from = funnel.routing.redirectFrom?.find((r) => r.path === version);
    if (from) {
      const mapped = from.stepMap?.[step] ?? (funnel.steps.some((s) => s.id === step) ? step : from.fallbackStep);
      return { kind: "redirect", location: claimPath(funnel.routing.path, mapped, search) };
    }
  }

  const funnel = findFunnelByPath(funnels, version);
  if (!funnel) return { kind: "notFound" };

  if (req.forcedVersion) {
    const forced = funnels.find((f) => f.version === req.forcedVersion);
    if (forced && forced !== funnel) {
      return { kind: "redirect", location: claimPath(forced.routing.path, forced.steps[0].id, search) };
    }
  }

  const known = funnel.steps.some((s) => s.id === step);
  if (known) return { kind: "render", funnel, mountPath: version, stepId: step };
  if (funnel.routing.unknownStep === "firstStep") {
    return { kind: "redirect", location: claimPath(version, funnel.steps[0].id, search) };
  }
  return { kind: "notFound" };
}

/** The entry /claim sends a visitor to the first step of the brand's funnel. */
export function entryLocation(funnels: readonly FunnelDefinition[], formVersion: string, search: string): string | null {
  const funnel = funnels.find((f) => f.version === formVersion) ?? findFunnelByPath(funnels, formVersion);
  if (!funnel) return null;
  return claimPath(funnel.routing.path, funnel.steps[0].id, search);
}
