import { lazy, Suspense, type ReactNode } from "react";
import { BrowserRouter, matchPath, useLocation } from "react-router";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { FunnelPage } from "./funnel/FunnelPage";
import { CheckingAccess } from "./pages/CheckingAccess";
import { LazyNotFoundPage } from "./pages/LazyNotFoundPage";
import { TestModeRibbon } from "./components/TestModeRibbon";

// Site pages load when visited: a funnel step, where most visitors arrive, carries none of them.
const HomePage = lazy(() => import("./pages/HomePage").then((m) => ({ default: m.HomePage })));
const PrivacyPolicyPage = lazy(() => import("./pages/PrivacyPolicyPage").then((m) => ({ default: m.PrivacyPolicyPage })));
const PortalPage = lazy(() => import("./pages/PortalPage").then((m) => ({ default: m.PortalPage })));
const LoginPage = lazy(() => import("./pages/LoginPage").then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => import("./pages/ForgotPasswordPage").then((m) => ({ default: m.ForgotPasswordPage })));
const AffiliateContinuePage = lazy(() => import("./pages/AffiliateContinuePage").then((m) => ({ default: m.AffiliateContinuePage })));
const PreviewPage = lazy(() => import("./preview/PreviewPage").then((m) => ({ default: m.PreviewPage })));
const ResetPasswordPage = lazy(() => import("./pages/ResetPasswordPage").then((m) => ({ default: m.ResetPasswordPage })));

const withSuspense = (element: ReactNode) => <Suspense fallback={<CheckingAccess />}>{element}</Suspense>;
const whileLoading = (element: ReactNode) => (
  <Suspense fallback={<div className="spinner" role="status" aria-label="Loading" />}>{element}</Suspense>
);

/**
 * The site's pages: a flat table, first match wins. react-router's <Routes> ranks nested route trees and wraps
 * each match in its data-router error boundary, which ten flat paths do not need, and it was about 3 KiB gzip
 * of the first step's script; matchPath is the same matcher (params, case, trailing slash) without them.
 */
const PAGES: { path: string; element: ReactNode | ((params: Record<string, string | undefined>) => ReactNode) }[] = [
  { path: "/", element: whileLoading(<HomePage />) },
  { path: "/claim/:version/:step", element: ({ version, step }) => <FunnelPage version={version} step={step} /> },
  { path: "/portal", element: withSuspense(<PortalPage />) },
  { path: "/privacy-policy", element: whileLoading(<PrivacyPolicyPage />) },
  { path: "/login", element: withSuspense(<LoginPage />) },
  { path: "/forgot-password", element: withSuspense(<ForgotPasswordPage />) },
  { path: "/reset-password", element: withSuspense(<ResetPasswordPage />) },
  { path: "/affiliate/continue", element: withSuspense(<AffiliateContinuePage />) },
  { path: "/preview/*", element: withSuspense(<PreviewPage />) },
];

export function AppRoutes() {
  const { pathname } = useLocation();
  for (const page of PAGES) {
    const match = matchPath(page.path, pathname);
    if (match) return typeof page.element === "function" ? page.element(match.params) : page.element;
  }
  return <LazyNotFoundPage />;
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
