/**
 * Funnel and brand definitions, read and checked by the one lint the CLI and
 * the tests use. The server refuses to start on any error, printing the same
 * report the CLI prints.
 */
import path from "node:path";
import { existsSync } from "node:fs";
import type { Brand, FunnelDefinition } from "../schema/types";
import { formatReport, lintDefinitions } from "../tools/lint/index";
import type { ContentSet } from "./content/brandContent";
import { sanitizeFooterHtml } from "../schema/rules/sanitizeFooter";
import { PROJECT_ROOT } from "./projectRoot";

export const DEFAULT_DEFINITIONS_DIR = path.join(PROJECT_ROOT, "definitions");

export interface Definitions {
  funnels: FunnelDefinition[];
  /** HTML footers (footerIsHtml) are already sanitised by the allow-list here. */
  brands: Brand[];
  /** Shared content (content/site.json) and company content (companies/*.json). */
  content: ContentSet;
}

/** A definitions folder without content/site.json uses the repository's shared content. */
export const DEFAULT_SITE_CONTENT = path.join(DEFAULT_DEFINITIONS_DIR, "content", "site.json");

export class DefinitionsError extends Error {
  override name = "DefinitionsError";
}

/** Lints definitions/funnels/*.json and definitions/brands/*.json; throws the formatted report on any error. */
export async function loadDefinitions(dir = DEFAULT_DEFINITIONS_DIR): Promise<Definitions> {
  // A directory is linted through its funnels/ and brands/ folders (lenders/ has its own check).
  const ownContent = existsSync(path.join(dir, "content", "site.json"));
  const report = await lintDefinitions(ownContent ? [dir] : [dir, DEFAULT_SITE_CONTENT]);
  if (report.problems.some((p) => p.severity === "error")) {
    throw new DefinitionsError(`The definitions have errors; the server will not start.\n${formatReport(report, "text")}`);
  }
  if (report.funnels.length === 0) throw new DefinitionsError(`No funnel definitions found in ${path.join(dir, "funnels")}`);
  if (report.brands.length === 0) throw new DefinitionsError(`No brand definitions found in ${path.join(dir, "brands")}`);
  const site = report.content?.[0];
  if (!site) throw new DefinitionsError(`No shared content found in ${path.join(dir, "content", "site.json")}`);
  // Footer HTML is cleaned once, here: the browser only ever receives the sanitised string.
  const brands = report.brands.map((b) => (b.footerIsHtml && b.footerText ? { ...b, footerText: sanitizeFooterHtml(b.footerText) } : b));
  const companies = new Map((report.companies ?? []).map((c) => [c.companyId, c]));
  return { funnels: report.funnels, brands, content: { site, companies } };
}
