import { siteText } from "../siteText";

/** A page's code on its way. Its words are read when it shows, not when a page table is built: they arrive with the boot data. */
export function Loading() {
  return <div className="spinner" role="status" aria-label={siteText("common").loading} />;
}
