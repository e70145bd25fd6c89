/**
 * Funnel and brand definitions, read and checked by the one lint the CLI and
 * the tests use. The server refuses to start on any error, printing the same
 * report the CLI prints.
 */
import path from "node:path";
import { existsSync } from "node:fs";
import type { Brand, FunnelDefinition } from "../schema/types";
import { formatReport, lintDefinitions, type LintReport } from "../lint/index";
import { languagesIn } from "../lint/i18n/translationFiles";
import type { ContentSet } from "./content/brandContent";
import { sanitizeFooterHtml } from "../schema/rules/sanitizeFooter";
import { PROJECT_ROOT } from "../lint/projectRoot";

export const DEFAULT_DEFINITIONS_DIR = path.join(PROJECT_ROOT, "definitions");

export interface Definitions {
  funnels: FunnelDefinition[];
  /** HTML footers (footerIsHtml) are already sanitised by the allow-list here. */
  brands: Brand[];
  /** Shared content (content/site.json) and company content (companies/*.json). */
  content: ContentSet;
  /** The definitions in each other language that has translations (definitions/i18n/<language>/), by language. */
  languages: Map<string, TranslatedDefinitions>;
}

/** The definitions with one language's translations laid over them, and which of them it translates. */
export interface TranslatedDefinitions extends Omit<Definitions, "languages"> {
  /** Funnel versions with a translation of their own file: only those are offered in the language. */
  versions: Set<string>;
  /** The shared content (home, privacy page) is translated. */
  site: boolean;
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
  const paths = ownContent ? [dir] : [dir, DEFAULT_SITE_CONTENT];
  const report = await lintDefinitions(paths);
  if (report.problems.some((p) => p.severity === "error")) {
    throw new DefinitionsError(`The definitions have errors; the server will not start.\n${formatReport(report, "text")}`);
  }
  const english = definitionsOf(report, dir);
  const languages = new Map<string, TranslatedDefinitions>();
  // Each language is resolved here, once, so a page is served in one language and carries none of the others.
  for (const language of await languagesIn(dir)) {
    const translated = await lintDefinitions(paths, { language });
    if (translated.problems.some((p) => p.severity === "error")) {
      const report = formatReport(translated, "text");
      throw new DefinitionsError(`The definitions in the language '${language}' have errors; the server will not start.\n${report}`);
    }
    languages.set(language, {
      ...definitionsOf(translated, dir),
      versions: new Set(translated.translated?.versions),
      site: translated.translated?.content ?? false,
    });
  }
  return { ...english, languages };
}

function definitionsOf(report: LintReport, dir: string): Omit<Definitions, "languages"> {
  if (report.funnels.length === 0) throw new DefinitionsError(`No funnel definitions found in ${path.join(dir, "funnels")}`);
  if (report.brands.length === 0) throw new DefinitionsError(`No brand definitions found in ${path.join(dir, "brands")}`);
  const site = report.content?.[0];
  if (!site) throw new DefinitionsError(`No shared content found in ${path.join(dir, "content", "site.json")}`);
  // Footer HTML is cleaned once, here: the browser only ever receives the sanitised string.
  const brands = report.brands.map((b) => (b.footerIsHtml && b.footerText ? { ...b, footerText: sanitizeFooterHtml(b.footerText) } : b));
  const companies = new Map((report.companies ?? []).map((c) => [c.companyId, c]));
  return { funnels: report.funnels, brands, content: { site, companies } };
}
