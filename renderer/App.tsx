import { Suspense, use, type ReactNode } from "react";
import { BrowserRouter, matchPath, useLocation } from "react-router";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { FunnelPage } from "./funnel/FunnelPage";
import { LazyNotFoundPage, loadNotFoundPage } from "./pages/LazyNotFoundPage";
import { loadLazyComponents } from "./components/loadLazyComponents";
import { TestModeRibbon } from "./layout/TestModeRibbon";
import { Loading } from "./pages/Loading";
import { readBoot } from "./boot";
import { loadKept } from "./loadOnce";
import type { SitePage } from "./sitePages";

/**
 * A funnel's step is drawn here; every other page is in the site's page table (sitePages.tsx), loaded when a path
 * outside the funnels is first shown. react-router's <Routes> ranks nested route trees and wraps each match in
 * its data-router error boundary, which a flat table does not need; matchPath is the same matcher (params, case,
 * trailing slash) without them.
 */
const FUNNEL_PATH = "/claim/:version/:step";

const sitePages = loadKept<readonly SitePage[]>(() => import("./sitePages").then((module) => module.SITE_PAGES));

function sitePageAt(pages: readonly SitePage[], pathname: string, notFound: boolean) {
  for (const page of pages) if (matchPath(page.path, pathname)) return page.servedOnly && notFound ? null : page;
  return null;
}

/**
 * Loads the code of the page at this path before it is first drawn, so it shows without a spinner first; with
 * the not-found page's when the server said the path is not found (a funnel's page draws it then).
 */
export async function loadPageCode(pathname: string, notFound: boolean): Promise<unknown> {
  if (matchPath(FUNNEL_PATH, pathname)) return notFound ? loadNotFoundPage() : null;
  const page = sitePageAt(await sitePages.load(), pathname, notFound);
  return Promise.all([page ? loadLazyComponents([page.code]) : null, !page || notFound ? loadNotFoundPage() : null]);
}

function SitePageAt({ pathname }: { pathname: string }) {
  // Once loaded, read at once: use() on a promise it has not seen yet suspends for a moment even when it has settled.
  const page = sitePageAt(sitePages.loaded() ?? use(sitePages.load()), pathname, readBoot().status === 404);
  return page ? page.element : <LazyNotFoundPage />;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  const funnel = matchPath(FUNNEL_PATH, pathname);
  if (funnel) return <FunnelPage version={funnel.params.version} step={funnel.params.step} />;
  return (
    <Suspense fallback={<Loading />}>
      <SitePageAt pathname={pathname} />
    </Suspense>
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
