/** Reads the boot JSON the server inlines: the brand theme and the funnel for this URL. */
import type { AffiliateContinueKey, LoginStatusKey, MarketingKey, SiteText } from "../schema/content.schema";
import type { Brand, CompanyContent, FunnelDefinition, SiteContent } from "../schema/types";
import type { PreviewBoot } from "../engine/previewBoot";
import type { BrandPlaceholders } from "../engine/placeholderValues";

/** The brand as the server gives it to a page: the copy placeholders it decides come worked out, in words. */
export type BrandTheme = Omit<Brand, "hostnames"> & { placeholders: BrandPlaceholders };

export interface Boot {
  brand: BrandTheme;
  funnel: FunnelDefinition | null;
  mountPath: string | null;
  stepId: string | null;
  status: number;
  env: string;
  /** The brand's company content (review panel, FAQ); absent or null for a company without any. */
  company?: CompanyContent | null;
  /** On the home and privacy pages: marketing claims (with the brand's overrides) and the privacy policy. */
  site?: { marketing: Record<MarketingKey, string>; privacy: SiteContent["privacy"] };
  /** On the affiliate continue page: its copy (with the brand's overrides, placeholders filled). */
  affiliateContinue?: Record<AffiliateContinueKey, string>;
  /** On the sign-in page: what it says for each known ?status= (content/site.json `loginStatus`). */
  loginStatus?: Record<LoginStatusKey, string>;
  /**
   * The site's words this page shows (content/site.json `text`, in the page's language): the frame's and the
   * not-found page's on every page, and the site page's own group.
   */
  text: Pick<SiteText, "common" | "notFound"> & Partial<SiteText>;
  /** A sandbox provider can answer on this server: the test-mode ribbon shows on every page. */
  testMode?: boolean;
  /** The page's language ("en", or one of the brand's `languages` the page is translated into). */
  lang?: string;
  /** Links to this page in the brand's other languages that have a translation of it. */
  languageLinks?: { lang: string; label: string; href: string }[];
  /** Only on /preview pages, which the server serves in development alone. */
  preview?: PreviewBoot;
}

let cached: Boot | null = null;

export function readBoot(): Boot {
  if (cached) return cached;
  const element = document.getElementById("boot");
  if (!element?.textContent) throw new Error("The page is missing its settings. Please reload.");
  cached = JSON.parse(element.textContent) as Boot;
  return cached;
}

/** For tests and server rendering: provide boot data without a DOM script tag (null forgets it). */
export function setBoot(boot: Boot | null): void {
  cached = boot;
}
