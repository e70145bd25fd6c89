/**
 * /claim/:version/:step in the browser. The server already answered redirects
 * and not-found; this applies the same rules to in-app navigation, showing
 * 'Checking access permissions...' while a redirect is under way.
 */
import { lazy, Suspense } from "react";
import { useLocation, Navigate } from "react-router";
import { readBoot } from "../boot";
import { resolveClaimRoute } from "../../engine/routes";
import { LazyNotFoundPage } from "../pages/LazyNotFoundPage";
import { CheckingAccess } from "../pages/CheckingAccess";
import { FunnelRunner } from "./FunnelRunner";
import { ResumeGate } from "./ResumeGate";

// Only a guarded funnel (v4's affiliate guard) needs its gate; it loads while 'Checking access permissions...' shows.
const AccessGate = lazy(() => import("./AccessGate").then((m) => ({ default: m.AccessGate })));

export function FunnelPage({ version, step }: { version?: string; step?: string }) {
  const location = useLocation();
  const boot = readBoot();
  if (!boot.funnel) return <LazyNotFoundPage />;
  const route = resolveClaimRoute([boot.funnel], { version, step, search: location.search });
  if (route.kind === "notFound") return <LazyNotFoundPage />;
  if (route.kind === "redirect") {
    return (
      <>
        <CheckingAccess />
        <Navigate to={route.location} replace />
      </>
    );
  }
  const stepDefinition = route.funnel.steps.find((s) => s.id === route.stepId)!;
  // Keyed by funnel so a different funnel gets a fresh form; steps share one.
  const runner = (
    <FunnelRunner key={route.funnel.version} funnel={route.funnel} step={stepDefinition} mountPath={route.mountPath} brand={boot.brand} />
  );
  if (!route.funnel.access) {
    return (
      <ResumeGate key={route.funnel.version} funnel={route.funnel} brandId={boot.brand.brandId}>
        {runner}
      </ResumeGate>
    );
  }
  return (
    <Suspense fallback={<CheckingAccess />}>
      <AccessGate
        key={route.funnel.version}
        funnel={route.funnel}
        mountPath={route.mountPath}
        stepId={route.stepId}
        brandId={boot.brand.brandId}
      >
        {runner}
      </AccessGate>
    </Suspense>
  );
}
