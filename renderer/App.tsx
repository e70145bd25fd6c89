import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { BrowserRouter, matchPath, useLocation } from "react-router";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { FunnelPage } from "./funnel/FunnelPage";
import { CheckingAccess } from "./pages/CheckingAccess";
import { LazyNotFoundPage, loadNotFoundPage } from "./pages/LazyNotFoundPage";
import { loadLazyComponents } from "./components/loadLazyComponents";
import { TestModeRibbon } from "./layout/TestModeRibbon";
import { readBoot } from "./boot";
import { OPS_DASHBOARD_PATH, OPS_SIGN_IN_PATH } from "../engine/opsPages";

// Site pages load when visited: a funnel step, where most visitors arrive, carries none of them.
const HomePage = lazy(() => import("./pages/HomePage").then((m) => ({ default: m.HomePage })));
const PrivacyPolicyPage = lazy(() => import("./pages/PrivacyPolicyPage").then((m) => ({ default: m.PrivacyPolicyPage })));
const PortalPage = lazy(() => import("./pages/PortalPage").then((m) => ({ default: m.PortalPage })));
const LoginPage = lazy(() => import("./pages/LoginPage").then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => import("./pages/ForgotPasswordPage").then((m) => ({ default: m.ForgotPasswordPage })));
const AffiliateContinuePage = lazy(() => import("./pages/AffiliateContinuePage").then((m) => ({ default: m.AffiliateContinuePage })));
const PreviewPage = lazy(() => import("./preview/PreviewPage").then((m) => ({ default: m.PreviewPage })));
const OpsSignInPage = lazy(() => import("./ops/OpsSignInPage").then((m) => ({ default: m.OpsSignInPage })));
// The dashboard's chunk carries Chart.js: no other page loads it.
const OpsDashboardPage = lazy(() => import("./ops/OpsDashboardPage").then((m) => ({ default: m.OpsDashboardPage })));
const ResetPasswordPage = lazy(() => import("./pages/ResetPasswordPage").then((m) => ({ default: m.ResetPasswordPage })));

const withSuspense = (element: ReactNode) => <Suspense fallback={<CheckingAccess />}>{element}</Suspense>;
const whileLoading = (element: ReactNode) => (
  <Suspense fallback={<div className="spinner" role="status" aria-label="Loading" />}>{element}</Suspense>
);

interface Page {
  path: string;
  element: ReactNode | ((params: Record<string, string | undefined>) => ReactNode);
  /** The lazily loaded component the page draws, if any (see loadPageCode). */
  code?: unknown;
  /** Only when the server served it: to those who may not see it, the server answers 404 and this is not found. */
  servedOnly?: boolean;
}

const lazyPage = (path: string, Component: ComponentType, wrap: (element: ReactNode) => ReactNode): Page => ({
  path,
  element: wrap(<Component />),
  code: Component,
});

/**
 * The site's pages: a flat table, first match wins. react-router's <Routes> ranks nested route trees and wraps
 * each match in its data-router error boundary, which ten flat paths do not need, and it was about 3 KiB gzip
 * of the first step's script; matchPath is the same matcher (params, case, trailing slash) without them.
 */
const PAGES: Page[] = [
  lazyPage("/", HomePage, whileLoading),
  { path: "/claim/:version/:step", element: ({ version, step }) => <FunnelPage version={version} step={step} /> },
  lazyPage("/portal", PortalPage, withSuspense),
  lazyPage("/privacy-policy", PrivacyPolicyPage, whileLoading),
  lazyPage("/login", LoginPage, withSuspense),
  lazyPage("/forgot-password", ForgotPasswordPage, withSuspense),
  lazyPage("/reset-password", ResetPasswordPage, withSuspense),
  lazyPage("/affiliate/continue", AffiliateContinuePage, withSuspense),
  lazyPage("/preview/*", PreviewPage, withSuspense),
  lazyPage(OPS_SIGN_IN_PATH, OpsSignInPage, withSuspense),
  { ...lazyPage(OPS_DASHBOARD_PATH, OpsDashboardPage, withSuspense), servedOnly: true },
];

function pageAt(pathname: string, notFound: boolean) {
  for (const page of PAGES) {
    const match = matchPath(page.path, pathname);
    if (match) return page.servedOnly && notFound ? null : { page, params: match.params };
  }
  return null;
}

/**
 * Loads the code of the page at this path before it is first drawn, so it shows without a spinner first; with
 * the not-found page's when the server said the path is not found (a funnel's page draws it then).
 */
export function loadPageCode(pathname: string, notFound: boolean): Promise<unknown> {
  const found = pageAt(pathname, notFound);
  return Promise.all([found ? loadLazyComponents([found.page.code]) : null, !found || notFound ? loadNotFoundPage() : null]);
}

export function AppRoutes() {
  const { pathname } = useLocation();
  const found = pageAt(pathname, readBoot().status === 404);
  if (!found) return <LazyNotFoundPage />;
  const { element } = found.page;
  return typeof element === "function" ? element(found.params) : element;
}

/** What surrounds the router on every page; the server renders the same frame around its own router. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <TestModeRibbon />
      {children}
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <AppFrame>
      {/* A step follows Next at once, not as a transition that React renders in slices behind the old step. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
