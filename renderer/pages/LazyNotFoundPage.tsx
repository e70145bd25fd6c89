/** The not-found page, loaded when it is shown: a visit that never meets it does not carry its code. */
import { lazy, Suspense } from "react";
import { loadLazyComponents } from "../components/loadLazyComponents";
import { siteText } from "../siteText";

const NotFoundPage = lazy(() => import("./NotFoundPage").then((m) => ({ default: m.NotFoundPage })));

/** Loads its code ahead, for a page known to be not found before it is drawn. */
export const loadNotFoundPage = () => loadLazyComponents([NotFoundPage]);

export function LazyNotFoundPage() {
  return (
    <Suspense fallback={<div className="spinner" role="status" aria-label={siteText("common").loading} />}>
      <NotFoundPage />
    </Suspense>
  );
}
