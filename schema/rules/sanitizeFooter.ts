/**
 * The allow-list for brand footers written as HTML (`footerIsHtml: true`).
 * Run on the server when definitions load, so the browser only ever receives
 * the cleaned string; the lint runs it too and warns about what it removes.
 *
 * sanitize-html (htmlparser2, no DOM needed on the server) rather than
 * isomorphic-dompurify, which would pull jsdom into the server for one string.
 */
import sanitizeHtml from "sanitize-html";

/** Formatting and links only. Everything else (script, style, iframe, img, forms, any on* handler, style attributes) is dropped. */
export const FOOTER_ALLOWED_TAGS = ["b", "strong", "i", "em", "br", "p", "ul", "li", "a"] as const;

/** http, https and mailto links, and site-relative ones ("/privacy-policy", "#top"); never "//host" or another scheme. */
export function isAllowedHref(href: string | undefined): boolean {
  if (!href) return false;
  // Browsers ignore tabs, newlines and leading spaces in a URL ("java\tscript:"), so the check does too.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  const url = href.replace(/[\u0000-\u0020]/g, "");
  if (url.startsWith("//")) return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1].toLowerCase();
  return scheme === undefined ? true : ["http", "https", "mailto"].includes(scheme);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...FOOTER_ALLOWED_TAGS],
  allowedAttributes: { a: ["href", "target", "rel"] },
  // Absolute links may be http, https or mailto; relative links ("/privacy-policy") stay. javascript:, data:, vbscript: … are removed.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // The text inside a removed <script>, <style>, <iframe> … is dropped too, not shown as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg", "math"],
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs, rel: "noopener noreferrer" };
      // sanitize-html drops disallowed schemes too; this also covers obfuscations such as "java\tscript:". No href: plain text.
      if (!isAllowedHref(out.href)) delete out.href;
      if (out.target && out.target !== "_blank") delete out.target;
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeFooterHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * What the allow-list would remove from a footer, in words, for the lint: disallowed
 * elements, event handler and style attributes, and links with a scheme that is not allowed.
 */
export function footerHtmlRemovals(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<\s*([a-zA-Z][a-zA-Z0-9-]*)/g)) {
    const tag = m[1].toLowerCase();
    if (!(FOOTER_ALLOWED_TAGS as readonly string[]).includes(tag)) found.add(`<${tag}>`);
  }
  for (const m of html.matchAll(/\s(on[a-z]+|style)\s*=/gi)) found.add(`${m[1].toLowerCase()}=`);
  for (const m of html.matchAll(/href\s*=\s*["']?\s*([a-z][a-z0-9+.-]*):/gi)) {
    const scheme = m[1].toLowerCase();
    if (!["http", "https", "mailto"].includes(scheme)) found.add(`${scheme}: link`);
  }
  if (/href\s*=\s*["']?\s*\/\//i.test(html)) found.add("protocol-relative (//) link");
  return [...found];
}
