import { useEffect, useRef } from "react";
import type { SummaryItem } from "../layout/ErrorSummary";

/**
 * The error summary takes focus once it is drawn (after Next found errors), not on a guessed frame.
 * Returns the summary's ref and `focusWhenDrawn`, to call when Next sets the summary.
 */
export function useSummaryFocus(summary: SummaryItem[]) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const wantsFocus = useRef(false);
  useEffect(() => {
    if (!wantsFocus.current || !summaryRef.current) return;
    wantsFocus.current = false;
    summaryRef.current.focus();
  }, [summary]);
  return {
    summaryRef,
    focusWhenDrawn: () => {
      wantsFocus.current = true;
    },
  };
}
