/**
 * Translations (definitions/i18n/<language>/…) against their English files: each key names a text of the English file,
 * keeps its {placeholders}, and every text of the English file has one. A missing text would show in English on a
 * page in another language; a placeholder lost or misspelt would show as "{brandName}" or lose the visitor's data.
 */
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { findPlaceholders } from "../../schema/placeholders";
import { validateTranslationSchema } from "../../schema/validate";
import { classify, definitionsRoot, displayPath } from "../files";
import { pointer } from "../pointer";
import { schemaFindings } from "../schema-findings";
import { placeFinding } from "../placeFinding";
import { parseJsonWithPositions } from "../source";
import type { Problem } from "../types";
import { copyTexts } from "./copyTexts";
import { translationFilesIn, translationPathFor, type TranslationFile } from "./translationFiles";

/** Every `{ "use": "<name>" }` in a funnel as written, with its pointer and the part file it names. */
function partUses(data: unknown, root: string, path = ""): { path: string; name: string; file: string }[] {
  if (Array.isArray(data)) return data.flatMap((item, i) => partUses(item, root, `${path}${pointer(i)}`));
  if (data === null || typeof data !== "object") return [];
  const object = data as Record<string, unknown>;
  if (typeof object.use === "string") {
    const name = object.use;
    const file = path.endsWith("/message")
      ? join(root, "parts", "messages.json")
      : join(root, "parts", /^\/fields\/[^/]+$/.test(path) ? "fields" : "blocks", `${name}.json`);
    return [{ path, name, file }];
  }
  return Object.entries(object).flatMap(([key, value]) => partUses(value, root, `${path}${pointer(key)}`));
}

const LANGUAGE_NAMES: Record<string, string> = { cy: "Welsh", ga: "Irish", gd: "Scottish Gaelic" };
const languageName = (code: string) => (LANGUAGE_NAMES[code] ? `${LANGUAGE_NAMES[code]} (${code})` : code);

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
  const problems = schemaFindings(validateTranslationSchema(source.data)).map((f) => placeFinding(file, source, f));
  if (problems.length) return problems;
  const englishText = await readFile(t.english, "utf8").catch(() => undefined);
  const english = englishText === undefined ? undefined : parseJsonWithPositions(englishText);
  const kind = englishText === undefined ? undefined : classify(t.english, englishText);
  if (!english?.ok || !kind) {
    return [
      placeFinding(file, source, {
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
        placeFinding(file, source, {
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
        placeFinding(file, source, {
          path: at,
          code: "translation-placeholder-mismatch",
          severity: "error",
          message: `The ${language} text has the placeholders ${list(got)}; the English has ${list(want)}`,
          suggestion: "keep every {placeholder} of the English, spelt the same; translate only the words around them",
        }),
      );
    }
  }
  // A translated funnel shows its parts too: each part with copy needs a translation of its own.
  if (kind === "funnel") {
    const reported = new Set<string>();
    for (const use of partUses(english.source.data, definitionsRoot(t.english))) {
      if (reported.has(use.file) || !existsSync(use.file) || existsSync(translationPathFor(use.file, t.language))) continue;
      let partTexts: Map<string, string>;
      try {
        partTexts = copyTexts("part", use.file, JSON.parse(readFileSync(use.file, "utf8")));
      } catch {
        continue; // the English run reports a part that does not parse
      }
      if (partTexts.size === 0) continue;
      reported.add(use.file);
      problems.push(
        placeFinding(displayPath(t.english), english.source, {
          path: `${use.path}/use`,
          code: "translation-missing",
          severity: "error",
          message: `The part '${use.name}' has no ${language} translation, so ${language} visitors would see its copy in English`,
          suggestion: `translate ${displayPath(use.file)} in ${displayPath(translationPathFor(use.file, t.language))}`,
        }),
      );
    }
  }
  for (const [path] of texts) {
    if (copy[path] !== undefined) continue;
    problems.push(
      placeFinding(displayPath(t.english), english.source, {
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
