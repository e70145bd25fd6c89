/**
 * The site's words (definitions/content/site.json `text`, in the page's language) as a page or the frame reads them:
 * `siteText("portal").heading`. The server sends each page the groups it shows (server/spa/boot.ts).
 */
import type { SiteText, SiteTextGroup } from "../schema/content.schema";
import { readBoot } from "./boot";

export function siteText<G extends SiteTextGroup>(group: G): SiteText[G] {
  const words = readBoot().text[group];
  if (!words) throw new Error(`This page was sent without the site's '${group}' words`);
  return words as SiteText[G];
}

/** A page's tab title: "Error: " first while the page shows an error, then the page's title and the brand. */
export function pageTitle(title: string, brandName: string, error = false): string {
  return `${error ? siteText("common").errorPrefix : ""}${title} – ${brandName}`;
}
