/**
 * lintDefinitions(): the one lint, used by `funnel lint`, by the server at
 * start-up, by the preview and by the tests. It reports every problem it
 * finds, each with file, line, column, JSON pointer, code and message.
 */
import { stat } from "node:fs/promises";
import type { Brand, CompanyContent, FunnelDefinition, SiteContent } from "../schema/types";
import {
  validateBrandSchema,
  validateCatalogueSchema,
  validateCompanySchema,
  validateContentSchema,
  validateFunnelSchema,
} from "../schema/validate";
import { checkBrandCompanies, checkBrandSettings } from "./check-brand";
import { checkCatalogueFile } from "./check-catalogue";
import { checkBlockIds, checkBrandFile, checkContentFile, checkContentSet } from "./check-content";
import { checkEmptyCopy } from "./check-empty-copy";
import { checkExperiments } from "./check-experiments";
import { complianceFileFindings, complianceSetFindings } from "./compliance";
import { checkFunnelFileName, checkSchemaPointer } from "./check-file";
import { checkSitePaths } from "./check-pages";
import { checkBrandSet, checkFunnelSet, type FileFinding, type LoadedFile } from "./check-sets";
import { classify, collectFiles, isPartFile, type DefinitionFile, type FileKind } from "./files";
import { funnelFindings } from "./funnelFindings";
import { checkBrandMeaning, withoutBorrowedMessages } from "./meaning";
import { schemaFindings } from "./schema-findings";
import { checkPartFile, PartLibraries, placer, resolveFunnel, unusedParts, type Placed } from "./parts/check-parts";
import { placeFinding } from "./placeFinding";
import { parseJsonWithPositions, type ParsedSource } from "./source";
import { checkTranslations } from "./i18n/check-translations";
import { readInLanguage } from "./i18n/readInLanguage";
import type { Finding, LintReport, Problem } from "./types";

interface Loaded extends LoadedFile {
  source: ParsedSource;
  /** Where a finding on this file's (resolved) data is reported: this file, or the part it came from. */
  place(finding: Finding): Placed | undefined;
}

type LoadedByKind = Record<FileKind, Loaded[]>;

const VALIDATORS = {
  funnel: validateFunnelSchema,
  brand: validateBrandSchema,
  content: validateContentSchema,
  company: validateCompanySchema,
};

/** What one run saw: every file read, by kind, and the kinds of files that did not parse. */
interface RunState {
  loaded: LoadedByKind;
  /** Kinds with a file that could not be read as JSON: checks across files that need that kind are skipped. */
  unreadable: Set<FileKind | "unknown">;
  /** Shared parts by definitions folder, and which parts the run's funnels used. */
  parts: PartLibraries;
  usedParts: Set<string>;
  /** Lint the definitions in this language: each file with its translation (definitions/i18n/<language>/) laid over it. */
  language?: string;
}

function fileFindings(
  kind: Exclude<FileKind, "part">,
  entry: DefinitionFile,
  data: unknown,
): { findings: Finding[]; schemaValid: boolean } {
  if (kind === "catalogue") {
    const errors = validateCatalogueSchema(data);
    return {
      findings: [...checkSchemaPointer(entry.absolute, kind, data), ...schemaFindings(errors), ...checkCatalogueFile(data)],
      schemaValid: errors.length === 0,
    };
  }
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
    ...complianceFileFindings(kind, data),
  ];
  return { findings, schemaValid: errors.length === 0 };
}

/** Reads, parses, classifies and checks one file on its own. */
async function lintFile(entry: DefinitionFile, report: LintReport, state: RunState) {
  const problems: Problem[] = [];
  const { text, translated } = readInLanguage(entry.absolute, state.language);
  const kind = classify(entry.absolute, text);
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) {
    const { position, message, suggestion } = parsed;
    problems.push({
      file: entry.file,
      ...position,
      path: "",
      code: "json-syntax",
      severity: "error",
      message,
      ...(suggestion ? { suggestion } : {}),
    });
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
    // A funnel is checked as the engine will see it: its shared parts resolved first.
    const resolved =
      kind === "funnel"
        ? resolveFunnel(source.data, entry.absolute, entry.file, state.parts)
        : kind === "part"
          ? checkPartFile(source.data, entry.absolute, entry.file, state.parts)
          : undefined;
    const data = resolved ? resolved.resolution.data : source.data;
    const place = resolved
      ? placer(resolved.resolution, entry.file, source, resolved.library).place
      : (finding: Finding): Placed => ({ file: entry.file, source, finding });
    if (kind === "funnel" && resolved) for (const key of resolved.resolution.used) state.usedParts.add(key);
    const { findings, schemaValid } =
      kind === "part"
        ? { findings: (resolved as ReturnType<typeof checkPartFile>).findings, schemaValid: false }
        : fileFindings(kind, entry, data);
    const own = resolved && kind === "funnel" ? withoutBorrowedMessages(findings, (p) => resolved.resolution.origin(p).file) : findings;
    const placed = [
      ...(resolved ? placer(resolved.resolution, entry.file, source, resolved.library).references() : []),
      ...own.flatMap((f) => place(f) ?? []),
    ];
    problems.push(...placed.map((p) => placeFinding(p.file, p.source, p.finding)));
    if (translated && report.translated) {
      if (kind === "funnel") report.translated.versions.push(String((data as { version?: unknown }).version));
      if (kind === "content") report.translated.content = true;
    }
    if (schemaValid && !entry.context) {
      if (kind === "funnel") report.funnels.push(data as FunnelDefinition);
      else if (kind === "brand") report.brands.push(data as Brand);
      else if (kind === "content") (report.content ??= []).push(data as SiteContent);
      else if (kind === "company") (report.companies ??= []).push(data as CompanyContent);
    }
    state.loaded[kind].push({ file: entry.file, data, fromDirectory: entry.fromDirectory, context: entry.context, source, place });
  }
  // A sibling loaded for the cross-file checks keeps its own problems to itself.
  if (!entry.context) report.problems.push(...problems);
}

/** Checks across files, skipping any that a file which did not parse could have answered (no follow-on errors). */
function setFindings({ loaded, unreadable }: RunState): FileFinding[] {
  // Later claims of a name are the ones reported, so files named on the command line go last.
  const ordered = (files: Loaded[]) => [...files.filter((f) => f.context), ...files.filter((f) => !f.context)];
  const [funnels, brands, contents, companies, catalogues] = [
    loaded.funnel,
    loaded.brand,
    loaded.content,
    loaded.company,
    loaded.catalogue,
  ].map(ordered);
  const funnelsUnknown = unreadable.has("funnel") || unreadable.has("unknown");
  const found: FileFinding[] = [...checkFunnelSet(funnels)];
  found.push(...checkBrandSet(brands, funnelsUnknown ? [] : funnels, unreadable.has("brand")));
  found.push(...checkContentSet(brands, contents, companies, funnelsUnknown ? [] : funnels));
  found.push(...checkExperiments(brands, funnelsUnknown ? [] : funnels));
  if (!unreadable.has("company") && !unreadable.has("catalogue")) found.push(...checkBrandCompanies(brands, companies, catalogues));
  if (!unreadable.has("content"))
    found.push(...complianceSetFindings({ brands, companies, contents, funnels: funnelsUnknown ? [] : funnels }));
  const funnelsComplete = !funnelsUnknown && funnels.some((f) => f.fromDirectory);
  found.push(...checkSitePaths([...funnels, ...brands], funnels, funnelsComplete));
  if (!funnelsUnknown && !unreadable.has("brand")) found.push(...checkBrandMeaning(brands, funnels, contents, catalogues));
  return found;
}

/** Parts no funnel uses, when every funnel of their folder was linted (a part named alone is not "unused" for want of its funnels). */
function unusedPartProblems(state: RunState, context: Set<string>): Problem[] {
  const funnelsComplete =
    state.loaded.funnel.some((f) => f.fromDirectory) && !state.unreadable.has("funnel") && !state.unreadable.has("part");
  if (!funnelsComplete) return [];
  const linted = new Set(state.loaded.part.filter((p) => !context.has(p.file)).map((p) => p.file));
  return state.parts
    .all()
    .flatMap((library) => unusedParts(library, state.usedParts))
    .filter((p) => linted.has(p.file))
    .map((p) => placeFinding(p.file, p.source, p.finding));
}

/**
 * A part used by several funnels would report the same problem once per funnel
 * (and once more from the part's own check): keep one, preferring the part's
 * own wording over "… (where <funnel> uses it)".
 */
function withoutRepeats(problems: Problem[]): Problem[] {
  const keyOf = (p: Problem) => `${p.file}:${p.line}:${p.column}:${p.code}`;
  const best = new Map<string, Problem>();
  for (const p of problems) {
    if (!isPartFile(p.file)) continue;
    const kept = best.get(keyOf(p));
    if (!kept || (/ \(where .* uses it\)$/.test(kept.message) && !/ \(where .* uses it\)$/.test(p.message))) best.set(keyOf(p), p);
  }
  return problems.filter((p) => !isPartFile(p.file) || best.get(keyOf(p)) === p);
}

/**
 * `language`: resolve the definitions in that language (each file with its translation laid over it), for the server
 * to serve; without it, the English, and every translation is checked against its English file.
 */
export async function lintDefinitions(paths: string[], options: { language?: string } = {}): Promise<LintReport> {
  const { files, problems } = await collectFiles(paths);
  const named = files.filter((f) => !f.context);
  const report: LintReport = { problems, funnels: [], brands: [], content: [], companies: [], files: named.map((f) => f.file) };
  if (options.language) report.translated = { versions: [], content: false };
  const state: RunState = {
    loaded: { funnel: [], brand: [], content: [], company: [], catalogue: [], part: [] },
    unreadable: new Set(),
    parts: new PartLibraries(options.language),
    usedParts: new Set(),
    language: options.language,
  };
  for (const entry of files) await lintFile(entry, report, state);
  // Translations are checked with the definitions folder they translate (a folder named, not one file).
  if (!options.language) {
    for (const given of paths) {
      if ((await stat(given).catch(() => undefined))?.isDirectory()) report.problems.push(...(await checkTranslations(given)));
    }
  }

  const all = Object.values(state.loaded).flat();
  const byFile = new Map(all.map((l) => [l.file, l]));
  const context = new Set(all.filter((l) => l.context).map((l) => l.file));
  for (const { file, finding } of setFindings(state)) {
    const placed = context.has(file) ? undefined : byFile.get(file)?.place(finding);
    if (placed) report.problems.push(placeFinding(placed.file, placed.source, placed.finding));
  }
  report.problems.push(...unusedPartProblems(state, context));
  report.problems = withoutRepeats(report.problems);
  // A field's examples name the English message they expect; the English run checks them.
  if (options.language) report.problems = report.problems.filter((p) => p.code !== "example-wrong-message");

  const order = new Map(report.files.map((file, i) => [file, i]));
  // A part met through a funnel named alone is not among the files: its problems follow the funnel's.
  const last = report.files.length;
  const rank = (file: string) => order.get(file) ?? (isPartFile(file) ? last : -1);
  report.problems.sort(
    (a, b) =>
      rank(a.file) - rank(b.file) ||
      (rank(a.file) === last ? a.file.localeCompare(b.file) : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      a.code.localeCompare(b.code),
  );
  return report;
}
