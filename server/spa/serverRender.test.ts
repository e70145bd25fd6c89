import { describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../../schema/types";
import type { BootData } from "./boot";
import { showsCompanyContent } from "./boot";
import { isServerRendered, lazyBlockCode, serverEntryFile, sitePagesCode } from "./serverRender";
import { renderPage } from "./template";
import { themeStylesheet, themeStylesheetPath } from "./themeStylesheet";

const funnel = {
  version: "fx",
  steps: [
    {
      id: "where",
      title: "Where",
      blocks: [
        { type: "heading", props: { text: "Where" } },
        { type: "addressLookup", props: {} },
      ],
    },
    { id: "who", title: "Who", blocks: [{ type: "companyFaq", props: {} }] },
    { id: "finding", title: "Finding", blocks: [{ type: "submittingProgress", props: {} }] },
  ],
} as unknown as FunnelDefinition;
const boot = (over: Partial<BootData> = {}): BootData =>
  ({ brand: {}, funnel, mountPath: "fx", stepId: "where", status: 200, env: "test", ...over }) as BootData;

describe("server rendering", () => {
  it("draws funnel steps only: not a 404, a site page or a funnel that checks access first", () => {
    expect(isServerRendered(boot())).toBe(true);
    expect(isServerRendered(boot({ status: 404 }))).toBe(false);
    expect(isServerRendered(boot({ funnel: null }))).toBe(false);
    expect(isServerRendered(boot({ funnel: { ...funnel, access: { checks: [] } } as unknown as FunnelDefinition }))).toBe(false);
  });

  it("finds the server build beside the renderer's folder", () => {
    expect(serverEntryFile("/app/dist/renderer/")).toBe("/app/dist/renderer-ssr/entry-server.js");
  });

  it("links the stylesheets and code of the step's lazily loaded blocks, with what they import", () => {
    const manifest = {
      "blocks/addressLookup/AddressLookupBlock.tsx": {
        file: "assets/AddressLookup-1.js",
        css: ["assets/AddressLookup-1.css"],
        imports: ["index.html", "_shared.js"],
      },
      "index.html": { file: "assets/index-0.js", css: ["assets/index-0.css"], isEntry: true },
      "_shared.js": { file: "assets/shared-2.js", css: ["assets/shared-2.css"] },
      "blocks/companyFaq/CompanyFaqBlock.tsx": { file: "assets/Faq-3.js", css: ["assets/Faq-3.css"] },
      "runtime/formKitModule.ts": { file: "assets/formKitModule-4.js", imports: ["index.html"] },
    };
    const { links, modules } = lazyBlockCode(manifest, boot());
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/AddressLookup-1.css">');
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/shared-2.css">');
    expect(modules).toEqual(["/assets/AddressLookup-1.js", "/assets/shared-2.js"]);
    // The entry is linked by the page itself, not again for a block that imports it.
    expect(links + modules.join(" ")).not.toContain("index-0");
    // Another step's block is not this page's.
    expect(links + modules.join(" ")).not.toContain("Faq-3");
    expect(lazyBlockCode(manifest, boot()).stylesheets).toEqual(["/assets/AddressLookup-1.css", "/assets/shared-2.css"]);
    expect(lazyBlockCode(manifest, boot({ stepId: "nowhere" }))).toEqual({ links: "", stylesheets: [], modules: [] });
  });

  it("links the list of the lazily loaded blocks' files into a step that has one, for the registry to find them by", () => {
    const manifest = {
      "index.html": { file: "assets/index-0.js", isEntry: true },
      "blocks/onDemandBlockFiles.ts": { file: "assets/onDemandBlockFiles-5.js", imports: ["index.html"] },
      "blocks/addressLookup/AddressLookupBlock.tsx": { file: "assets/AddressLookup-1.js", imports: ["index.html"] },
    };
    expect(lazyBlockCode(manifest, boot()).modules).toEqual(["/assets/AddressLookup-1.js", "/assets/onDemandBlockFiles-5.js"]);
    // A step of first-page blocks only (a heading, fields) needs neither.
    const fieldsOnly = { ...funnel, steps: [{ id: "fields", title: "Fields", blocks: [{ type: "heading", props: { text: "Fields" } }] }] };
    expect(lazyBlockCode(manifest, boot({ funnel: fieldsOnly as unknown as FunnelDefinition, stepId: "fields" })).modules).toEqual([]);
  });

  it("names the site's page table and what it imports, but not the entry, for a page the browser draws", () => {
    const manifest = {
      "index.html": { file: "assets/index-0.js", isEntry: true },
      "sitePages.tsx": { file: "assets/sitePages-6.js", imports: ["index.html", "_pages.js"] },
      "_pages.js": { file: "assets/pages-7.js", imports: ["index.html"] },
    };
    expect(sitePagesCode(manifest)).toEqual(["/assets/sitePages-6.js", "/assets/pages-7.js"]);
    expect(sitePagesCode({})).toEqual([]);
  });

  it("links react-hook-form into a step whose block needs it to be drawn, and not into a step of fields", () => {
    const manifest = {
      "index.html": { file: "assets/index-0.js", isEntry: true },
      "runtime/formKitModule.ts": { file: "assets/formKitModule-4.js", imports: ["index.html"] },
    };
    expect(lazyBlockCode(manifest, boot({ stepId: "finding" })).modules).toEqual(["/assets/formKitModule-4.js"]);
    // The address fields are drawn without it: it comes at the visitor's first action.
    expect(lazyBlockCode(manifest, boot()).modules).toEqual([]);
    expect(lazyBlockCode(manifest, boot({ stepId: "who" })).modules).toEqual([]);
  });

  it("links the top bar and banner's stylesheets and code, like a block's, into a step that shows them, and no other", () => {
    const manifest = {
      "index.html": { file: "assets/index-0.js", css: ["assets/index-0.css"], isEntry: true },
      "layout/FunnelChrome.tsx": {
        file: "assets/FunnelChrome-5.js",
        css: ["assets/FunnelChrome-5.css"],
        imports: ["_Stars-6.js", "index.html"],
      },
      "_Stars-6.js": { file: "assets/Stars-6.js", css: ["assets/Stars-6.css"], imports: ["index.html"] },
    };
    const chrome = {
      stylesheets: ["/assets/FunnelChrome-5.css", "/assets/Stars-6.css"],
      modules: ["/assets/FunnelChrome-5.js", "/assets/Stars-6.js"],
    };
    const withLayout = (layout: object, steps = funnel.steps) =>
      boot({ funnel: { ...funnel, layout, steps } as unknown as FunnelDefinition });
    const code = (at: BootData) => {
      const { stylesheets, modules } = lazyBlockCode(manifest, at);
      return { stylesheets, modules };
    };
    const none = { stylesheets: [], modules: [] };
    // A funnel without them (most funnels) carries neither.
    expect(code(boot())).toEqual(none);
    expect(code(withLayout({ banner: { text: "Average refund" } }))).toEqual(chrome);
    expect(code(withLayout({ topBar: { text: "Rated by many", rating: 5 } }))).toEqual(chrome);
    // A step's own banner, and a step that hides the funnel's.
    const [where, ...rest] = funnel.steps;
    expect(code(withLayout({}, [{ ...where, banner: { text: "Owed money?" } }, ...rest]))).toEqual(chrome);
    expect(code(withLayout({ banner: { text: "Average refund" } }, [{ ...where, banner: "hidden" }, ...rest]))).toEqual(none);
    expect(lazyBlockCode(manifest, withLayout({ banner: { text: "Average refund" } })).links).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/FunnelChrome-5.css"><link rel="stylesheet" crossorigin href="/assets/Stars-6.css">',
    );
  });

  it("sends company content only to a funnel with a block that shows it", () => {
    expect(showsCompanyContent(funnel)).toBe(true);
    expect(showsCompanyContent({ ...funnel, steps: funnel.steps.slice(0, 1) })).toBe(false);
  });
});

describe("the brand colour stylesheet", () => {
  it("names a colour by its hex digits and refuses anything else", () => {
    expect(themeStylesheetPath("#0B5CAD")).toBe("/brand-theme/0b5cad.css");
    expect(themeStylesheetPath("red")).toBeNull();
    expect(themeStylesheet("0b5cad")).toBe(
      ":root{--color-primary:#0b5cad;--color-primary-contrast:#ffffff;--color-primary-text:#0b5cad}\n",
    );
    expect(themeStylesheet("0b5cad;}body{display:none")).toBeNull();
  });
});

describe("renderPage with a server-rendered root", () => {
  const template = '<html lang="en-GB"><head><!--boot--></head><body><div id="root"></div></body></html>';
  it("puts the markup in #root, the class on <html> and the links last in <head>", () => {
    const html = renderPage(template, {
      title: "T",
      boot: { a: 1 },
      root: "<main>Hi</main>",
      htmlClass: "test-mode",
      headEnd: '<link rel="stylesheet" href="/x.css">',
    });
    expect(html).toContain('<div id="root"><main>Hi</main></div>');
    expect(html).toContain('<html class="test-mode" lang="en-GB">');
    expect(html).toMatch(/<\/script><link rel="stylesheet" href="\/x.css"><\/head>/);
  });
  it("asks for the app after the first paint: its module script becomes the page loader, naming the app and the step's modules", () => {
    const built = template.replace("</head>", '<script type="module" crossorigin src="/assets/index-0.js"></script></head>');
    const html = renderPage(built, {
      title: "T",
      boot: {},
      root: "<main>Hi</main>",
      appAfterPaint: { preload: ["/assets/A-1.js", "/assets/B-2.js"] },
    });
    expect(html).toContain(
      '<script type="module" src="/page-loader.js" data-app="/assets/index-0.js" data-preload="/assets/A-1.js /assets/B-2.js"></script>',
    );
    expect(html).not.toContain('src="/assets/index-0.js"');
    // A page the browser draws keeps its script as built.
    expect(renderPage(built, { title: "T", boot: {} })).toContain('<script type="module" crossorigin src="/assets/index-0.js"></script>');
  });
  it("leaves the shell as it was without them", () => {
    expect(renderPage(template, { title: "T", boot: { a: 1 } })).toContain(
      '<html lang="en-GB"><head><script type="application/json" id="boot">{"a":1}</script></head><body><div id="root"></div>',
    );
  });
});
