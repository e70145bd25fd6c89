import { useEffect } from "react";
import { afterNextPaint } from "./schedule";

/**
 * The tab's title is not part of the step on screen: it changes once the new step is painted, so setting it
 * (which the browser passes on to its own window and history entry) does not hold the step back.
 */
export function useTabTitle(title: string): void {
  useEffect(() => {
    if (document.title !== title) return afterNextPaint(() => (document.title = title));
  }, [title]);
}

/** A step's tab title: "Error: " first while its error summary shows. */
export function stepTabTitle(stepTitle: string, brandName: string, hasErrors: boolean): string {
  return `${hasErrors ? "Error: " : ""}${stepTitle} – ${brandName}`;
}
