/**
 * Translations (definitions/i18n/<language>/…) against their English files: each key names a text of the English file,
 * keeps its {placeholders}, and every text of the English file has one. A missing text would show in English on a
 * page in another language; a placeholder lost or misspelt would show as "{brandName}" or lose the visitor's data.
 */
import { readFile } from "node:fs/promises";
import { findPlaceholders } from "../../../schema/placeholders";
import { validateTranslationSchema } from "../../../schema/validate";
import { classify, displayPath } from "../files";
import { pointer } from "../pointer";
import { schemaFindings } from "../schema-findings";
import { parseJsonWithPositions, type ParsedSource } from "../source";
import type { Finding, Problem } from "../types";
import { copyTexts } from "./copyTexts";
import { translationFilesIn, type TranslationFile } from "./translationFiles";

const LANGUAGE_NAMES: Record<string, string> = { cy: "Welsh", ga: "Irish", gd: "Scottish Gaelic" };
const languageName = (code: string) => (LANGUAGE_NAMES[code] ? `${LANGUAGE_NAMES[code]} (${code})` : code);

function problem(file: string, source: ParsedSource, finding: Finding): Problem {
  const { line, column } = source.locate(finding.path, finding.at, finding.token);
  return {
    file,
    line,
    column,
    path: finding.path,
    code: finding.code,
    severity: finding.severity,
    message: finding.message,
    ...(finding.suggestion ? { suggestion: finding.suggestion } : {}),
  };
}

/** The placeholders of a text, sorted, so "{a} {b}" and "{b} {a}" match. */
const placeholdersOf = (text: string) =>
  findPlaceholders(text)
    .map((p) => p.name)
    .sort();

async function checkOne(t: TranslationFile): Promise<Problem[]> {
  const file = displayPath(t.absolute);
  const text = await readFile(t.absolute, "utf8");
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) return [{ file, ...parsed.position, path: "", code: "json-syntax", severity: "error", message: parsed.message }];
  const { source } = parsed;
  const problems = schemaFindings(validateTranslationSchema(source.data)).map((f) => problem(file, source, f));
  if (problems.length) return problems;
  const englishText = await readFile(t.english, "utf8").catch(() => undefined);
  const english = englishText === undefined ? undefined : parseJsonWithPositions(englishText);
  const kind = englishText === undefined ? undefined : classify(t.english, englishText);
  if (!english?.ok || !kind) {
    return [
      problem(file, source, {
        path: "",
        code: "translation-without-english",
        severity: "error",
        message: `There is no English definition at ${displayPath(t.english)} for this translation to translate`,
        suggestion: "name the translation after the English file's path inside definitions/, e.g. i18n/cy/funnels/v3b.json",
      }),
    ];
  }
  const texts = copyTexts(kind, t.english, english.source.data);
  const copy = (source.data as { copy: Record<string, string> }).copy;
  const language = languageName(t.language);
  for (const [key, translated] of Object.entries(copy)) {
    const at = `${pointer("copy")}${pointer(key)}`;
    const original = texts.get(key);
    if (original === undefined) {
      problems.push(
        problem(file, source, {
          path: at,
          at: "key",
          code: "translation-unknown-key",
          severity: "error",
          message: `${key} is not a text of ${displayPath(t.english)}, so this translation is never shown`,
          suggestion: "use the JSON pointer of the English text (the path `npx funnel lint` prints); the English may have moved",
        }),
      );
      continue;
    }
    const want = placeholdersOf(original);
    const got = placeholdersOf(translated);
    if (want.join(",") !== got.join(",")) {
      const list = (names: string[]) => (names.length ? names.map((n) => `{${n}}`).join(", ") : "none");
      problems.push(
        problem(file, source, {
          path: at,
          code: "translation-placeholder-mismatch",
          severity: "error",
          message: `The ${language} text has the placeholders ${list(got)}; the English has ${list(want)}`,
          suggestion: "keep every {placeholder} of the English, spelt the same; translate only the words around them",
        }),
      );
    }
  }
  for (const [path] of texts) {
    if (copy[path] !== undefined) continue;
    problems.push(
      problem(displayPath(t.english), english.source, {
        path,
        code: "translation-missing",
        severity: "error",
        message: `This text has no ${language} translation in ${file}, so ${language} visitors would see it in English`,
        suggestion: `add "${path}": "…" to its "copy"`,
      }),
    );
  }
  return problems;
}

/** Every problem of every translation in a definitions folder. */
export async function checkTranslations(definitionsDir: string): Promise<Problem[]> {
  const files = await translationFilesIn(definitionsDir);
  return (await Promise.all(files.map(checkOne))).flat();
}
