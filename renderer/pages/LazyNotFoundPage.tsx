/** The not-found page, loaded when it is shown: a visit that never meets it does not carry its code. */
import { lazy, Suspense } from "react";

const NotFoundPage = lazy(() => import("./NotFoundPage").then((m) => ({ default: m.NotFoundPage })));

export function LazyNotFoundPage() {
  return (
    <Suspense fallback={<div className="spinner" role="status" aria-label="Loading" />}>
      <NotFoundPage />
    </Suspense>
  );
}
