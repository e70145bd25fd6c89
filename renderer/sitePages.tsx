/**
 * The site's pages other than a funnel's (renderer/App.tsx draws those): a flat table, first match wins, loaded
 * when a path outside the funnels is first shown. A funnel's step, where most visitors arrive, carries neither
 * this table nor the file names of the pages' code.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { CheckingAccess } from "./pages/CheckingAccess";
import { Loading } from "./pages/Loading";
import { OPS_DASHBOARD_PATH, OPS_SIGN_IN_PATH } from "../engine/opsPages";

// Each page's code loads when it is visited.
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
const whileLoading = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

export interface SitePage {
  path: string;
  element: ReactNode;
  /** The lazily loaded component the page draws (see loadPageCode in App.tsx). */
  code: unknown;
  /** Only when the server served it: to those who may not see it, the server answers 404 and this is not found. */
  servedOnly?: boolean;
}

const lazyPage = (path: string, Component: ComponentType, wrap: (element: ReactNode) => ReactNode): SitePage => ({
  path,
  element: wrap(<Component />),
  code: Component,
});

export const SITE_PAGES: SitePage[] = [
  lazyPage("/", HomePage, whileLoading),
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
