/** What the server decides for a page request: status, redirect, and the boot data inlined into the page. */
import type { Brand, FunnelDefinition } from "../../schema/types";
import { entryLocation, resolveClaimRoute } from "../../renderer/engine/routes";
import { publicBrand } from "../brands";

export interface BootData {
  brand: Omit<Brand, "hostnames">;
  funnel: FunnelDefinition | null;
  mountPath: string | null;
  stepId: string | null;
  status: 200 | 404;
  env: string;
}

export type PageDecision =
  | { kind: "redirect"; location: string }
  | { kind: "page"; status: 200 | 404; title: string; boot: BootData };

/** Site pages that are not funnels; the renderer draws them. */
export const SITE_PAGES = new Set(["/", "/portal", "/login", "/privacy-policy", "/forgot-password", "/reset-password"]);

/**
 * A brand whose form version is an exclusive funnel (`routing.exclusive`, e.g. v5 apply-today) is sent into that
 * funnel from every other version. The form version may name the funnel's version, its path or a path that redirects to it.
 */
export function forcedVersionFor(funnels: readonly FunnelDefinition[], brand: Brand): string | undefined {
  const v = brand.formVersion;
  const forced = funnels.find(
    (f) => f.routing.exclusive === true && (f.version === v || f.routing.path === v || f.routing.redirectFrom?.some((r) => r.path === v)),
  );
  return forced?.version;
}

function segmentsOf(path: string): string[] | null {
  try {
    return path.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

export function decidePage(input: {
  path: string;
  search: string;
  brand: Brand;
  funnels: readonly FunnelDefinition[];
  env: string;
}): PageDecision {
  const { brand, funnels, search, env } = input;
  const base = { brand: publicBrand(brand), env };
  const notFound = (): PageDecision => ({
    kind: "page",
    status: 404,
    title: `Page not found – ${brand.brandName}`,
    boot: { ...base, funnel: null, mountPath: null, stepId: null, status: 404 },
  });
  const segments = segmentsOf(input.path);
  if (!segments) return notFound();

  if (segments[0] === "claim") {
    if (segments.length === 1) {
      const location = entryLocation(funnels, forcedVersionFor(funnels, brand) ?? brand.formVersion, search);
      return location ? { kind: "redirect", location } : notFound();
    }
    if (segments.length > 3) return notFound();
    const route = resolveClaimRoute(funnels, {
      version: segments[1],
      step: segments[2],
      search,
      forcedVersion: forcedVersionFor(funnels, brand),
    });
    if (route.kind === "redirect") return { kind: "redirect", location: route.location };
    if (route.kind === "notFound") return notFound();
    const step = route.funnel.steps.find((s) => s.id === route.stepId);
    return {
      kind: "page",
      status: 200,
      title: `${step?.title ?? route.funnel.title} – ${brand.brandName}`,
      boot: { ...base, funnel: route.funnel, mountPath: route.mountPath, stepId: route.stepId, status: 200 },
    };
  }

  const path = `/${segments.join("/")}`;
  if (!SITE_PAGES.has(path)) return notFound();
  return { kind: "page", status: 200, title: brand.brandName, boot: { ...base, funnel: null, mountPath: null, stepId: null, status: 200 } };
}
