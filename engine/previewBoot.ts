/** What the server tells the /preview pages (development only), inlined with the boot data. */
import type { FormData } from "./paths";

export interface PreviewProblem {
  file: string;
  line: number;
  column: number;
  code: string;
  severity: "error" | "warning";
  message: string;
  suggestion?: string;
}

export interface PreviewFunnel {
  version: string;
  title: string;
  steps: { id: string; title: string }[];
}

export interface PreviewBoot {
  /** Every funnel and its steps, and every brand, for the index of links. */
  funnels: PreviewFunnel[];
  brands: { brandId: string; brandName: string }[];
  /** The lint's problems with the definitions on disk; while any is an error the preview shows the last good ones. */
  problems: PreviewProblem[];
  /** The step page's form data: sample answers, or nothing (?answers=empty, e.g. to see the errors of an empty step). */
  answers?: FormData;
  /** Lenders of the brand's company, for the lender picker (the preview makes no API calls). */
  lenders?: { id: string; name: string }[];
}
