/** Serves the renderer: static files, then every other GET through decidePage with the boot data inlined. */
import express, { Router, type Request } from "express";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Brand } from "../../schema/types";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { decideAccess } from "../auth/accessGuard";
import { sessionOf } from "../auth/requestContext";
import { faviconFor, faviconType } from "../content/brandContent";
import type { TranslatedDefinitions } from "../definitions";
import { decidePage, type PageDecision } from "./boot";
import { ENGLISH, languageLinks, pageTranslated, requestedLanguage, type PageKind } from "../language/visitLanguage";
import { assignVariants, assignmentKey, brandWithVariants } from "../analytics/experiments";
import { ensureVisit } from "../analytics/visit";
import { PageCache, type CachedPage } from "./pageCache";
import { precompressedAssets } from "./precompressed";
import { loadStepRenderer, type StepRenderer } from "./serverRender";
import { escapeHtml, renderPage, scriptSafeJson, type PageTemplate } from "./template";
import { themeStylesheet, themeStylesheetPath } from "./themeStylesheet";
import { inlineStylesheets, styleSourceFor } from "./inlineStylesheets";
import { encodePage, pageEncoding } from "./pageEncoding";
import { OPS_DASHBOARD_PATH } from "../../engine/opsPages";
import { operatorOf } from "../routes/ops";

export function spaRouter(ctx: AppContext, template: PageTemplate, dirs: { dist: string; publicDir: string }): Router {
  const router = Router();
  const assets = path.join(dirs.dist, "assets");
  if (existsSync(assets)) {
    router.use("/assets", precompressedAssets(assets, { maxAge: "1y", immutable: true }));
    router.use("/assets", express.static(assets, { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  }
  // Funnel steps arrive drawn (server/spa/serverRender.ts); the first request waits for the server build to load.
  const stepRenderer: Promise<StepRenderer | null> = template.built
    ? loadStepRenderer(dirs.dist, (error, url) =>
        ctx.logger.error({ err: error, url }, "server rendering failed: the browser draws this page"),
      ).catch((error: unknown) => {
        ctx.logger.error({ err: error }, "the renderer's server build did not load: pages are drawn in the browser");
        return null;
      })
    : Promise.resolve(null);
  router.get("/brand-theme/:file", (req, res, next) => {
    const css = themeStylesheet(req.params.file.replace(/\.css$/, ""));
    if (!css || !req.params.file.endsWith(".css")) return next();
    res.set("Cache-Control", "public, max-age=31536000, immutable").type("text/css").send(css);
  });
  router.use("/assets", (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
  // Other built files (favicon, brand assets) and, before a build, renderer/public.
  const staticRoot = existsSync(dirs.dist) ? dirs.dist : dirs.publicDir;
  // Browsers ask for /favicon.ico on their own: answer with this brand's icon, with its real type.
  router.get("/favicon.ico", (req, res, next) => {
    const url = faviconFor(brandForRequest(ctx.brands, req, ctx.production));
    const file = path.resolve(staticRoot, `.${url}`);
    if (!file.startsWith(path.resolve(staticRoot) + path.sep) || !existsSync(file)) return next();
    res.set("Cache-Control", "no-cache").type(faviconType(url)).sendFile(file);
  });
  if (existsSync(staticRoot)) {
    const files = express.static(staticRoot, { index: false, maxAge: "1h", redirect: false });
    // Only a path under one of the folder's own top-level names can be a file: a page such as /claim/v3b/… goes
    // straight on instead of costing a failed file lookup on every request.
    const topLevel = new Set(readdirSync(staticRoot));
    const firstSegment = (p: string) => {
      const segment = p.slice(1).split("/", 1)[0];
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    };
    router.use((req, res, next) => (req.path === "/index.html" || !topLevel.has(firstSegment(req.path)) ? next() : files(req, res, next)));
  }

  // The stylesheets a page links, read once: the build's (immutable, named by their content) and the brand colours'.
  const stylesheets = new Map<string, string | null>();
  const readStylesheet = (href: string): string | null => {
    if (!stylesheets.has(href)) {
      const built = /^\/assets\/([\w.-]+\.css)$/.exec(href);
      const theme = /^\/brand-theme\/([0-9a-f]{6})\.css$/.exec(href);
      const file = built ? path.join(assets, built[1]) : null;
      stylesheets.set(href, file && existsSync(file) ? readFileSync(file, "utf8") : theme ? themeStylesheet(theme[1]) : null);
    }
    return stylesheets.get(href) ?? null;
  };

  // Every page request decides, serialises the boot data, assembles and hashes the same bytes for the same brand and
  // URL: done once, then sent from the cache (pageCache.ts) until the definitions change.
  const pages = new PageCache();
  /** `withVariants`: the visit's experiment variants laid over the brand in another language. */
  const makePage = (
    req: Request,
    brand: Brand,
    asked: string,
    renderer: StepRenderer | null,
    withVariants: (translated: Brand) => Brand,
    operator: boolean,
  ): CachedPage => {
    const queryAt = req.originalUrl.indexOf("?");
    const search = queryAt >= 0 ? req.originalUrl.slice(queryAt) : "";
    const inputs = { path: req.path, search, env: ctx.nodeEnv, operator };
    const english = decidePage({ ...inputs, brand, funnels: ctx.funnels, content: ctx.content });
    if (english.kind === "redirect") return english;
    // The page in the visitor's language when the brand offers it and it is translated, else in English.
    const languages: ReadonlyMap<string, TranslatedDefinitions> = ctx.languages ?? new Map();
    const page: PageKind = english.boot.funnel ? { version: english.boot.funnel.version } : { sitePath: req.path };
    const language = english.status === 200 && pageTranslated(asked, brand, page, languages) ? asked : ENGLISH;
    const translated = language === ENGLISH ? undefined : languages.get(language);
    const decision: Extract<PageDecision, { kind: "page" }> = translated
      ? (decidePage({
          ...inputs,
          brand: withVariants(translated.brands.find((b) => b.brandId === brand.brandId) ?? brand),
          funnels: translated.funnels,
          content: translated.content,
        }) as Extract<PageDecision, { kind: "page" }>)
      : english;
    const links = languageLinks({ language, brand, page, path: req.path, search, languages });
    const boot = { ...decision.boot, testMode: ctx.testMode, lang: language, ...(links.length ? { languageLinks: links } : {}) };
    const bootJson = scriptSafeJson(boot);
    const root = renderer?.render(req.originalUrl, boot) ?? null;
    // Every page, drawn here or in the browser, takes the brand's colour from this stylesheet (no script sets it).
    const theme = themeStylesheetPath(brand.primary_color);
    const step = root && renderer ? renderer.stepCode(boot) : null;
    // A page the browser draws that is no funnel's (a site page, the not-found page) first loads the page table.
    const sitePages = !boot.funnel && renderer ? renderer.sitePagesCode : [];
    const html = renderPage(template.html, {
      title: decision.title,
      boot,
      bootJson,
      head: faviconLink(brand),
      // After the app's stylesheet, whose defaults the brand's colours replace.
      headEnd:
        (theme ? `<link rel="stylesheet" href="${theme}">` : "") +
        (step?.links ?? "") +
        sitePages.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join(""),
      root,
      // A drawn step is on screen before its script is asked for (renderer/public/page-loader.js).
      ...(step ? { appAfterPaint: { preload: step.modules } } : {}),
      htmlClass: root && ctx.testMode ? "test-mode" : undefined,
      lang: language === ENGLISH ? undefined : language,
    });
    // Every stylesheet of the build is marked: any of them may be listed by a chunk loaded later (inlineStylesheets.ts).
    const inlined = inlineStylesheets(html, readStylesheet, (href) => href.startsWith("/assets/"));
    const body = Buffer.from(inlined.html, "utf8");
    const etagFn = req.app.get("etag fn") as ((body: Buffer, encoding?: string) => string | undefined) | undefined;
    const access = decision.boot.funnel?.access;
    return {
      kind: "page",
      status: decision.status,
      body,
      etag: typeof etagFn === "function" ? etagFn(body) : undefined,
      ...(access ? { access: { rule: access, stepId: decision.boot.stepId ?? "" } } : {}),
      ...(inlined.styleSource ? { styleSource: inlined.styleSource } : {}),
    };
  };

  router.get("/{*splat}", async (req, res) => {
    // The visit's experiment variants are applied to the brand before the page is decided and drawn, so the
    // first paint is already the variant; each variant's page is cached apart, and so is each language's.
    const siteBrand = brandForRequest(ctx.brands, req, ctx.production);
    const assigned = assignVariants(siteBrand, ensureVisit(req, res, ctx.cookies), new Date());
    const brand = brandWithVariants(siteBrand, assigned);
    const asked = requestedLanguage(req, res, ctx.cookies);
    const renderer = await stepRenderer;
    // The ops dashboard is a page only for a signed-in operator (everyone else gets the not-found page); any other
    // path spelling of it is not found whatever the cookie.
    const opsDashboard = req.path === OPS_DASHBOARD_PATH;
    const operator = opsDashboard && (await operatorOf(ctx, req)) !== null;
    const key = `${brand.brandId}\n${assignmentKey(assigned)}\n${asked}\n${operator ? "operator" : ""}\n${req.originalUrl}`;
    const page = pages.get([ctx.funnels, ctx.brands, ctx.content], key, () =>
      makePage(req, brand, asked, renderer, (translated) => brandWithVariants(translated, assigned), operator),
    );
    if (page.kind === "redirect") {
      res.redirect(302, page.location);
      return;
    }
    // A guarded funnel (e.g. v4's affiliate guard) answers 302 before rendering when the visitor may not see it.
    if (page.access) {
      const session = await sessionOf(ctx, req);
      const access = await decideAccess(ctx.db, page.access.rule, {
        user: session?.user ?? null,
        scopeClaimRequestId: session?.scopeClaimRequestId ?? null,
        stepId: page.access.stepId,
      });
      if (!access.ok) {
        res.set("Cache-Control", "no-store").redirect(302, access.redirect);
        return;
      }
    }
    res
      .status(page.status)
      .set("Cache-Control", opsDashboard ? "no-store" : "no-cache")
      .type("html");
    const policy = res.getHeader("Content-Security-Policy");
    if (page.styleSource && typeof policy === "string") res.setHeader("Content-Security-Policy", styleSourceFor(policy, page.styleSource));
    if (page.etag) res.set("ETag", page.etag);
    res.vary("Accept-Encoding");
    const encoding = pageEncoding(req.get("accept-encoding"));
    if (!encoding) return void res.send(page.body);
    page.encoded ??= {};
    const encoded = (page.encoded[encoding] ??= encodePage(page.body, encoding));
    res.set("Content-Encoding", encoding).send(encoded);
  });

  router.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return router;
}

/** The brand's tab icon (a site path from a linted definition, escaped all the same). */
function faviconLink(brand: Parameters<typeof faviconFor>[0]): string {
  const url = faviconFor(brand);
  return `<link rel="icon" href="${escapeHtml(url)}" type="${faviconType(url)}">`;
}
