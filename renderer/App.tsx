import { lazy, Suspense } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { FunnelPage } from "./funnel/FunnelPage";
import { CheckingAccess } from "./pages/CheckingAccess";
import { HomePage } from "./pages/HomePage";
import { NotFoundPage } from "./pages/NotFoundPage";

const PortalPage = lazy(() => import("./pages/PortalPage").then((m) => ({ default: m.PortalPage })));
const LoginPage = lazy(() => import("./pages/LoginPage").then((m) => ({ default: m.LoginPage })));

const withSuspense = (element: React.ReactNode) => <Suspense fallback={<CheckingAccess />}>{element}</Suspense>;

export function createAppRouter() {
  return createBrowserRouter([
    { path: "/", element: <HomePage /> },
    { path: "/claim/:version/:step", element: <FunnelPage /> },
    { path: "/portal", element: withSuspense(<PortalPage />) },
    { path: "/login", element: withSuspense(<LoginPage />) },
    { path: "*", element: <NotFoundPage /> },
  ]);
}

export function App() {
  return (
    <ErrorBoundary>
      <RouterProvider router={createAppRouter()} />
    </ErrorBoundary>
  );
}
