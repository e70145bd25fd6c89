import { useLayoutEffect, useState, type ReactNode } from "react";
import { NavigationType, Router } from "react-router";
import { createPaintFirstHistory, type HistoryUpdate } from "./paintFirstHistory";

/**
 * The site's browser router: BrowserRouter on a history that draws a new location in the click that asked for it
 * and writes the address bar once that is painted (`history.pushState` took 5–23 ms of a Next on a throttled
 * phone profile, before the next step could be drawn). Each page keeps its own URL; Back and Forward, redirects,
 * links and deep links behave as with BrowserRouter.
 */
export function PaintFirstRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createPaintFirstHistory);
  const [state, setState] = useState<HistoryUpdate>(() => ({ action: NavigationType.Pop, location: history.location }));
  useLayoutEffect(() => history.listen(setState), [history]);

  // Navigations render as they come, not as transitions React draws in slices behind the old page.
  return (
    <Router location={state.location} navigationType={state.action} navigator={history.navigator} useTransitions={false}>
      {children}
    </Router>
  );
}
