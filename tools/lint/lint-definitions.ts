/**
 * lintDefinitions(): the one lint (DESIGN.md principle 4), used by `funnel
 * lint`, by the server at start-up and by the tests. It reports every problem
 * it finds, each with file, line, column, JSON pointer, code and message.
 */
import { readFile } from "node:fs/promises";
import type { Brand, CompanyContent, FunnelDefinition, SiteContent } from "../../schema/types";
import { validateBrandSchema, validateCompanySchema, validateContentSchema, validateFunnelSchema } from "../../schema/validate";
import { checkBlockIds, checkBrandFile, checkContentFile, checkContentSet } from "./check-content";
import { checkFunnelFileName, checkSchemaPointer } from "./check-file";
import { checkBrandSet, checkFunnelSet, type FileFinding, type LoadedFile } from "./check-sets";
import { classify, collectFiles, type DefinitionFile } from "./files";
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

/** Reads, parses, classifies and checks one file on its own. */
type LoadedByKind = Record<"funnel" | "brand" | "content" | "company", Loaded[]>;

const VALIDATORS = { funnel: validateFunnelSchema, brand: validateBrandSchema, content: validateContentSchema, company: validateCompanySchema };

async function lintFile(entry: DefinitionFile, report: LintReport, loaded: LoadedByKind) {
  const text = await readFile(entry.absolute, "utf8");
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) {
    const { position, message, suggestion } = parsed;
    report.problems.push({ file: entry.file, ...position, path: "", code: "json-syntax", severity: "error", message, ...(suggestion ? { suggestion } : {}) });
    return;
  }
  const { source } = parsed;
  const kind = classify(entry.absolute, text);
  if (!kind) {
    report.problems.push({
      file: entry.file,
      line: 1,
      column: 1,
      path: "",
      code: "unknown-file-kind",
      severity: "error",
      message: "Cannot tell whether this is a funnel, a brand, shared content or company content",
      suggestion:
        'put it in a funnels/, brands/, content/ or companies/ folder, or give it a "$schema" pointing at funnel, brand, content or company.schema.json',
    });
    return;
  }
  const errors = VALIDATORS[kind](source.data);
  const findings = [
    ...checkSchemaPointer(entry.absolute, kind, source.data),
    ...schemaFindings(errors),
    // Cross-reference checks run even on schema failures, so one run shows everything.
    ...(kind === "funnel"
      ? [...checkFunnelFileName(entry.absolute, source.data), ...funnelFindings(source.data), ...checkBlockIds(source.data)]
      : kind === "brand"
        ? checkBrandFile(source.data)
        : checkContentFile(kind, entry.absolute, source.data)),
  ];
  report.problems.push(...findings.map((f) => toProblem(entry.file, source, f)));
  if (errors.length === 0) {
    if (kind === "funnel") report.funnels.push(source.data as FunnelDefinition);
    else if (kind === "brand") report.brands.push(source.data as Brand);
    else if (kind === "content") (report.content ??= []).push(source.data as SiteContent);
    else (report.companies ??= []).push(source.data as CompanyContent);
  }
  loaded[kind].push({ file: entry.file, data: source.data, fromDirectory: entry.fromDirectory, source });
}

export async function lintDefinitions(paths: string[]): Promise<LintReport> {
  const { files, problems } = await collectFiles(paths);
  const report: LintReport = { problems, funnels: [], brands: [], content: [], companies: [], files: files.map((f) => f.file) };
  const loaded: LoadedByKind = { funnel: [], brand: [], content: [], company: [] };
  for (const entry of files) await lintFile(entry, report, loaded);

  const sources = new Map([...loaded.funnel, ...loaded.brand, ...loaded.content, ...loaded.company].map((l) => [l.file, l.source]));
  const setFindings: FileFinding[] = [
    ...checkFunnelSet(loaded.funnel),
    ...checkBrandSet(loaded.brand, loaded.funnel),
    ...checkContentSet(loaded.brand, loaded.content, loaded.company, loaded.funnel),
  ];
  report.problems.push(...setFindings.map(({ file, finding }) => toProblem(file, sources.get(file)!, finding)));

  const order = new Map(report.files.map((file, i) => [file, i]));
  report.problems.sort(
    (a, b) => (order.get(a.file) ?? -1) - (order.get(b.file) ?? -1) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code),
  );
  return report;
}
