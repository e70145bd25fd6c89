/**
 * A page's stylesheets written into it, as one <style> element where the first of them was linked. Each linked
 * stylesheet blocks the first paint until it has arrived: on a phone's connection six of them (the app's, the
 * brand colour's, the step's lazily loaded blocks') held the server-drawn page back by about a second and a half
 * more than its own HTML (Lighthouse, mobile). They are small (about 9 kB in all for a step, 3 kB gzipped), so the
 * page carries them instead. The CSP allows this one element by its hash (styleSourceFor); nothing else inline.
 *
 * All or nothing: when one of the page's stylesheets cannot be read here (not built, not the app's), the page keeps
 * its links, so the order in which the stylesheets apply never changes.
 *
 * The build's stylesheets are also named by a link the browser does not fetch (its type is not a stylesheet language
 * it knows): Vite's loader, which brings a lazily loaded chunk's stylesheets with its code, looks for a stylesheet
 * link of that address first, and without one would download again what the page already holds, and apply it again
 * after the brand's colours. A block's chunk lists its own stylesheet, and a chunk loaded by another lazily loaded
 * one (a block found through the blocks' list, a site page through the page table) lists the app's too.
 */
import { createHash } from "node:crypto";

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">/g;

export interface InlinedPage {
  html: string;
  /** The CSP source that allows the page's <style> element ('sha256-…'), or null when nothing was inlined. */
  styleSource: string | null;
}

/** The link that names an inlined stylesheet for Vite's loader without being fetched. */
export const inlinedMarker = (href: string) => `<link rel="stylesheet" type="text/x-inlined" href="${href}">`;

/**
 * `read` gives a stylesheet's text by its URL path, or null when it is not one the server can inline; `marked` says
 * which stylesheets get a marker (those Vite's loader could otherwise fetch again).
 */
export function inlineStylesheets(
  html: string,
  read: (href: string) => string | null,
  marked: (href: string) => boolean = () => false,
): InlinedPage {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return { html, styleSource: null };
  const head = html.slice(0, headEnd);
  const links = [...head.matchAll(STYLESHEET_LINK)];
  if (links.length === 0) return { html, styleSource: null };
  const sheets = links.map((link) => read(link[1]));
  if (sheets.some((css) => css === null || /<\/style/i.test(css))) return { html, styleSource: null };
  const css = sheets.join("\n");
  let first = true;
  const markers = links
    .map((link) => link[1])
    .filter(marked)
    .map(inlinedMarker)
    .join("");
  const inlined = head.replace(STYLESHEET_LINK, () => {
    if (!first) return "";
    first = false;
    return `<style>${css}</style>${markers}`;
  });
  return { html: inlined + html.slice(headEnd), styleSource: `'sha256-${createHash("sha256").update(css).digest("base64")}'` };
}

/** The page's Content-Security-Policy with its <style> element allowed (style-src gains the element's hash). */
export function styleSourceFor(policy: string, styleSource: string): string {
  return policy.replace(/(^|;)(\s*style-src[^;]*)/, (_match, start: string, directive: string) => `${start}${directive} ${styleSource}`);
}
