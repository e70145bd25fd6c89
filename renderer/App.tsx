import { lazy, Suspense, type ReactNode } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { FunnelPage } from "./funnel/FunnelPage";
import { CheckingAccess } from "./pages/CheckingAccess";
import { NotFoundPage } from "./pages/NotFoundPage";
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

/** Declarative routes: the data-router APIs are not needed, and leaving them out keeps the first step light. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={whileLoading(<HomePage />)} />
      <Route path="/claim/:version/:step" element={<FunnelPage />} />
      <Route path="/portal" element={withSuspense(<PortalPage />)} />
      <Route path="/privacy-policy" element={whileLoading(<PrivacyPolicyPage />)} />
      <Route path="/login" element={withSuspense(<LoginPage />)} />
      <Route path="/forgot-password" element={withSuspense(<ForgotPasswordPage />)} />
      <Route path="/reset-password" element={withSuspense(<ResetPasswordPage />)} />
      <Route path="/affiliate/continue" element={withSuspense(<AffiliateContinuePage />)} />
      <Route path="/preview/*" element={withSuspense(<PreviewPage />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
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
