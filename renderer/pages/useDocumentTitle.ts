import { useEffect } from "react";

/** Sets the tab title after each render that changes it (a side effect, so not during render). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
