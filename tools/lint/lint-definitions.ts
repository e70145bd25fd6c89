/**
 * lintDefinitions(): the one lint, used by `funnel lint`, by the server at
 * start-up, by the preview and by the tests. It reports every problem it
 * finds, each with file, line, column, JSON pointer, code and message.
 */
import { readFile } from "node:fs/promises";
import type { Brand, CompanyContent, FunnelDefinition, SiteContent } from "../../schema/types";
import { validateBrandSchema, validateCompanySchema, validateContentSchema, validateFunnelSchema } from "../../schema/validate";
import { checkBrandCompanies, checkBrandSettings } from "./check-brand";
import { checkCatalogueFile } from "./check-catalogue";
import { checkBlockIds, checkBrandFile, checkContentFile, checkContentSet } from "./check-content";
import { checkEmptyCopy } from "./check-empty-copy";
import { checkFunnelFileName, checkSchemaPointer } from "./check-file";
import { checkSitePaths } from "./check-pages";
import { checkBrandSet, checkFunnelSet, type FileFinding, type LoadedFile } from "./check-sets";
import { classify, collectFiles, type DefinitionFile, type FileKind } from "./files";
import { funnelFindings } from "./funnel";
import { schemaFindings } from "./schema-findings";
import { parseJsonWithPositions, type ParsedSource } from "./source";
import type { Finding, LintReport, Problem } from "./types";

interface Loaded extends LoadedFile {
  source: ParsedSource;
}

function toProblem(file: string, source: ParsedSource, finding: Finding): Problem {
  const { line, column } = source.locate(finding.path, finding.at, finding.token);
  const problem: Problem = { file, line, column, path: finding.path, code: finding.code, severity: finding.severity, message: finding.message };
  if (finding.suggestion) problem.suggestion = finding.suggestion;
  return problem;
}

type LoadedByKind = Record<FileKind, Loaded[]>;

const VALIDATORS = { funnel: validateFunnelSchema, brand: validateBrandSchema, content: validateContentSchema, company: validateCompanySchema };

/** What one run saw: every file read, by kind, and the kinds of files that did not parse. */
interface RunState {
  loaded: LoadedByKind;
  /** Kinds with a file that could not be read as JSON: checks across files that need that kind are skipped. */
  unreadable: Set<FileKind | "unknown">;
}

function fileFindings(kind: FileKind, entry: DefinitionFile, data: unknown): { findings: Finding[]; schemaValid: boolean } {
  if (kind === "catalogue") return { findings: checkCatalogueFile(data), schemaValid: true };
  const errors = VALIDATORS[kind](data);
  const findings = [
    ...checkSchemaPointer(entry.absolute, kind, data),
    ...schemaFindings(errors),
    // Cross-reference checks run even on schema failures, so one run shows everything.
    ...(kind === "funnel"
      ? [...checkFunnelFileName(entry.absolute, data), ...funnelFindings(data), ...checkBlockIds(data)]
      : kind === "brand"
        ? [...checkBrandFile(data), ...checkBrandSettings(data)]
        : checkContentFile(kind, entry.absolute, data)),
    ...checkEmptyCopy(kind, data),
  ];
  return { findings, schemaValid: errors.length === 0 };
}

/** Reads, parses, classifies and checks one file on its own. */
async function lintFile(entry: DefinitionFile, report: LintReport, state: RunState) {
  const problems: Problem[] = [];
  const text = await readFile(entry.absolute, "utf8");
  const kind = classify(entry.absolute, text);
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) {
    const { position, message, suggestion } = parsed;
    problems.push({ file: entry.file, ...position, path: "", code: "json-syntax", severity: "error", message, ...(suggestion ? { suggestion } : {}) });
    state.unreadable.add(kind ?? "unknown");
  } else if (!kind) {
    problems.push({
      file: entry.file,
      line: 1,
      column: 1,
      path: "",
      code: "unknown-file-kind",
      severity: "error",
      message: "Cannot tell whether this is a funnel, a brand, shared content, company content or the lender catalogue",
      suggestion:
        'put it in a funnels/, brands/, content/, companies/ or lenders/ folder, or give it a "$schema" pointing at funnel, brand, content or company.schema.json',
    });
  } else {
    const { source, duplicates, bom } = parsed;
    if (bom) {
      problems.push({
        file: entry.file,
        line: 1,
        column: 1,
        path: "",
        code: "byte-order-mark",
        severity: "warning",
        message: "The file starts with an invisible byte-order mark (BOM); some tools then refuse to read it",
        suggestion: "save the file as UTF-8 without BOM (in VS Code: click 'UTF-8 with BOM' in the status bar, Save with Encoding, UTF-8)",
      });
    }
    for (const d of duplicates) {
      problems.push({
        file: entry.file,
        ...d.position,
        path: d.path,
        code: "duplicate-key",
        severity: "error",
        message: `"${d.key}" is already set on line ${d.first.line} of this object; JSON keeps only the last one, so the earlier value is silently lost`,
        suggestion: "remove one of the two, or merge them",
      });
    }
    const { findings, schemaValid } = fileFindings(kind, entry, source.data);
    problems.push(...findings.map((f) => toProblem(entry.file, source, f)));
    if (schemaValid && !entry.context) {
      if (kind === "funnel") report.funnels.push(source.data as FunnelDefinition);
      else if (kind === "brand") report.brands.push(source.data as Brand);
      else if (kind === "content") (report.content ??= []).push(source.data as SiteContent);
      else if (kind === "company") (report.companies ??= []).push(source.data as CompanyContent);
    }
    state.loaded[kind].push({ file: entry.file, data: source.data, fromDirectory: entry.fromDirectory, context: entry.context, source });
  }
  // A sibling loaded for the cross-file checks keeps its own problems to itself.
  if (!entry.context) report.problems.push(...problems);
}

/** Checks across files, skipping any that a file which did not parse could have answered (no follow-on errors). */
function setFindings({ loaded, unreadable }: RunState): FileFinding[] {
  // Later claims of a name are the ones reported, so files named on the command line go last.
  const ordered = (files: Loaded[]) => [...files.filter((f) => f.context), ...files.filter((f) => !f.context)];
  const [funnels, brands, contents, companies, catalogues] = [loaded.funnel, loaded.brand, loaded.content, loaded.company, loaded.catalogue].map(ordered);
  const funnelsUnknown = unreadable.has("funnel") || unreadable.has("unknown");
  const found: FileFinding[] = [...checkFunnelSet(funnels)];
  found.push(...checkBrandSet(brands, funnelsUnknown ? [] : funnels, unreadable.has("brand")));
  found.push(...checkContentSet(brands, contents, companies, funnelsUnknown ? [] : funnels));
  if (!unreadable.has("company") && !unreadable.has("catalogue")) found.push(...checkBrandCompanies(brands, companies, catalogues));
  const funnelsComplete = !funnelsUnknown && funnels.some((f) => f.fromDirectory);
  found.push(...checkSitePaths([...funnels, ...brands], funnels, funnelsComplete));
  return found;
}

export async function lintDefinitions(paths: string[]): Promise<LintReport> {
  const { files, problems } = await collectFiles(paths);
  const named = files.filter((f) => !f.context);
  const report: LintReport = { problems, funnels: [], brands: [], content: [], companies: [], files: named.map((f) => f.file) };
  const state: RunState = { loaded: { funnel: [], brand: [], content: [], company: [], catalogue: [] }, unreadable: new Set() };
  for (const entry of files) await lintFile(entry, report, state);

  const all = Object.values(state.loaded).flat();
  const sources = new Map(all.map((l) => [l.file, l.source]));
  const context = new Set(all.filter((l) => l.context).map((l) => l.file));
  report.problems.push(...setFindings(state).filter(({ file }) => !context.has(file)).map(({ file, finding }) => toProblem(file, sources.get(file)!, finding)));

  const order = new Map(report.files.map((file, i) => [file, i]));
  report.problems.sort(
    (a, b) => (order.get(a.file) ?? -1) - (order.get(b.file) ?? -1) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code),
  );
  return report;
}
