/**
 * /preview (development only, see devTools.ts): an index of every funnel ×
 * step × brand, and each step rendered by the real renderer with sample
 * answers. The page makes no API calls (the renderer answers them itself in
 * preview mode), so no database row is written and no provider is called.
 * GET /preview/events tells open pages to reload when a definition is saved.
 */
import { Router, type Response } from "express";
import type { Brand } from "../../schema/types";
import type { PreviewBoot, PreviewProblem } from "../../engine/previewBoot";
import { companyFor, funnelForBrand, pageBrand } from "../content/brandContent";
import type { SiteText } from "../../schema/content.schema";
import type { LenderCatalogue } from "../lenders/catalogue";
import { pageText, type BootData } from "../spa/boot";
import { renderPage, type PageTemplate } from "../spa/template";
import { sampleAnswers } from "./sampleAnswers";
import type { PreviewSnapshot, PreviewState } from "./previewState";

/** Server-sent events keep a connection open; a comment line now and then stops proxies closing it. */
const KEEP_ALIVE_MS = 25_000;

function problemsOf(snapshot: PreviewSnapshot): PreviewProblem[] {
  return snapshot.problems.map(({ file, line, column, code, severity, message, suggestion }) => ({
    file,
    line,
    column,
    code,
    severity,
    message,
    ...(suggestion ? { suggestion } : {}),
  }));
}

function indexOf(snapshot: PreviewSnapshot): Pick<PreviewBoot, "funnels" | "brands" | "problems"> {
  return {
    funnels: snapshot.funnels.map((f) => ({
      version: f.version,
      title: f.title,
      steps: f.steps.map((s) => ({ id: s.id, title: s.title })),
    })),
    brands: snapshot.brands.map((b) => ({ brandId: b.brandId, brandName: b.brandName })),
    problems: problemsOf(snapshot),
  };
}

export function previewRouter(state: PreviewState, options: { template: PageTemplate; env: string; catalogue: LenderCatalogue }): Router {
  const router = Router();
  const send = (res: Response, status: number, title: string, boot: BootData & { preview: PreviewBoot }) => {
    res
      .status(status)
      .set("Cache-Control", "no-store")
      .set("X-Robots-Tag", "noindex")
      .type("html")
      .send(renderPage(options.template.html, { title, boot }));
  };
  const defaultBrand = (snapshot: PreviewSnapshot): Brand => snapshot.brands.find((b) => b.isDefault) ?? snapshot.brands[0];

  router.get("/preview", (_req, res) => {
    const snapshot = state.current();
    const brand = defaultBrand(snapshot);
    send(res, 200, "Preview", {
      brand: pageBrand(brand, snapshot.content),
      funnel: null,
      mountPath: null,
      stepId: null,
      status: 200,
      env: options.env,
      text: pageText(snapshot.content.site.text as SiteText, ""),
      preview: indexOf(snapshot),
    });
  });

  router.get("/preview/events", (req, res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive" });
    res.write(`event: ready\ndata: ${state.current().generation}\n\n`);
    const unsubscribe = state.subscribe((snapshot) => res.write(`event: reload\ndata: ${snapshot.generation}\n\n`));
    const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
    req.on("close", () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  });

  router.get("/preview/:brandId/:version/:stepId", (req, res) => {
    const snapshot = state.current();
    const brand = snapshot.brands.find((b) => b.brandId === req.params.brandId);
    const funnel = snapshot.funnels.find((f) => f.version === req.params.version);
    const step = funnel?.steps.find((s) => s.id === req.params.stepId);
    const fallback = brand ?? defaultBrand(snapshot);
    if (!brand || !funnel || !step) {
      send(res, 404, "Preview: not found", {
        brand: pageBrand(fallback, snapshot.content),
        funnel: null,
        mountPath: null,
        stepId: null,
        status: 404,
        env: options.env,
        text: pageText(snapshot.content.site.text as SiteText, ""),
        preview: indexOf(snapshot),
      });
      return;
    }
    const lenderIds = new Set(options.catalogue.companies[brand.companyId] ?? []);
    const preview: PreviewBoot = {
      ...indexOf(snapshot),
      answers: req.query.answers === "empty" ? {} : sampleAnswers(funnel),
      lenders: options.catalogue.lenders.filter((l) => lenderIds.has(l.id)).map(({ id, name }) => ({ id, name })),
    };
    send(res, 200, `${step.title} – ${brand.brandName}`, {
      brand: pageBrand(brand, snapshot.content),
      funnel: funnelForBrand(funnel, brand, snapshot.content),
      mountPath: funnel.routing.path,
      stepId: step.id,
      status: 200,
      env: options.env,
      text: pageText(snapshot.content.site.text as SiteText, ""),
      company: companyFor(brand, snapshot.content),
      preview,
    });
  });

  router.use("/preview", (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
  return router;
}
