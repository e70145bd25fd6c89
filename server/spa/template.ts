/**
 * The page shell: dist/renderer/index.html from the Vite build, with the
 * placeholders <!--title--> and <!--boot-->. Without a build a minimal shell
 * with the same placeholders says how to build the renderer.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const BOOT_PLACEHOLDER = "<!--boot-->";
export const TITLE_PLACEHOLDER = "<!--title-->";

export const FALLBACK_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${TITLE_PLACEHOLDER}</title>
    ${BOOT_PLACEHOLDER}
  </head>
  <body>
    <main>
      <h1>The claim funnel is not built yet</h1>
      <p>The server is running, but dist/renderer/index.html does not exist. Run <code>npm run build</code>, then restart the server.</p>
      <p>This page still carries the boot data the renderer would read.</p>
    </main>
  </body>
</html>
`;

export interface PageTemplate {
  html: string;
  built: boolean;
  file: string | null;
}

export function loadTemplate(rendererDir: string): PageTemplate {
  const file = path.join(rendererDir, "index.html");
  if (!existsSync(file)) return { html: FALLBACK_HTML, built: false, file: null };
  let html = readFileSync(file, "utf8");
  if (!html.includes(BOOT_PLACEHOLDER)) html = html.replace("</head>", `${BOOT_PLACEHOLDER}</head>`);
  if (!html.includes(TITLE_PLACEHOLDER)) html = html.replace(/<title>[^<]*<\/title>/, `<title>${TITLE_PLACEHOLDER}</title>`);
  return { html, built: true, file };
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** JSON safe inside a <script> element: no "<" (so no "</script>" or "<!--"), no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export const ROOT_ELEMENT = '<div id="root"></div>';

/** The page loader (renderer/public/page-loader.js), served beside the build's other static files. */
export const PAGE_LOADER = "/page-loader.js";

/** The build's module script (`<script type="module" crossorigin src="/assets/…">`). */
const APP_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/** Replaces the app's module script with the page loader, which asks for it (and `preload`) after the first paint. */
export function loadAppAfterPaint(html: string, preload: readonly string[]): string {
  return html.replace(APP_SCRIPT, (_tag, app: string) => {
    const modules = preload.length ? ` data-preload="${escapeHtml(preload.join(" "))}"` : "";
    return `<script type="module" src="${PAGE_LOADER}" data-app="${escapeHtml(app)}"${modules}></script>`;
  });
}

/**
 * `head`: trusted markup the server builds (the brand's favicon link), placed before the boot data.
 * `root`: the server-rendered page for #root; `htmlClass`: classes the renderer would put on <html>;
 * `headEnd`: trusted links placed last in the <head>, after the renderer's own stylesheet.
 */
export function renderPage(
  template: string,
  page: {
    title: string;
    boot: unknown;
    bootJson?: string;
    head?: string;
    root?: string | null;
    htmlClass?: string;
    headEnd?: string;
    /** The page's language when it is not the template's (English). */
    lang?: string;
    /**
     * The app's script asked for only once the page is on screen (a page the server has drawn), with these
     * modules beside it: the template's module script becomes the page loader, naming both.
     */
    appAfterPaint?: { preload: readonly string[] };
  },
): string {
  const boot = `${page.head ?? ""}<script type="application/json" id="boot">${page.bootJson ?? scriptSafeJson(page.boot)}</script>`;
  let html = template.replace(TITLE_PLACEHOLDER, () => escapeHtml(page.title)).replace(BOOT_PLACEHOLDER, () => boot);
  if (page.root) html = html.replace(ROOT_ELEMENT, () => `<div id="root">${page.root}</div>`);
  if (page.headEnd) html = html.replace("</head>", () => `${page.headEnd}</head>`);
  if (page.appAfterPaint) html = loadAppAfterPaint(html, page.appAfterPaint.preload);
  if (page.lang) html = html.replace(/(<html\b[^>]*?\slang=")[^"]*"/, (_m, start: string) => `${start}${escapeHtml(page.lang!)}"`);
  if (page.htmlClass) html = html.replace(/<html(?=[\s>])/, () => `<html class="${escapeHtml(page.htmlClass!)}"`);
  return html;
}
