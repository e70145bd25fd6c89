/**
 * A definition file's text in a language: the English file with its translation (definitions/i18n/<language>/…) laid
 * over it, written out again. Positions in the result are those of the overlaid text; a translation's own problems are
 * reported by the English run (check-translations.ts), against the translation file. Synchronous, as parts are read.
 */
import { existsSync, readFileSync } from "node:fs";
import { applyTranslation } from "../../schema/rules/translation";
import { translationPathFor } from "./translationFiles";

export function readInLanguage(absolute: string, language: string | undefined): { text: string; translated: boolean } {
  const text = readFileSync(absolute, "utf8");
  const translation = language ? translationPathFor(absolute, language) : undefined;
  if (!translation || !existsSync(translation)) return { text, translated: false };
  try {
    const { copy } = JSON.parse(readFileSync(translation, "utf8")) as { copy?: Record<string, string> };
    return { text: JSON.stringify(applyTranslation(JSON.parse(text.replace(/^\uFEFF/, "")), copy ?? {}), null, 2), translated: true };
  } catch {
    // A file or translation that does not parse is reported by the English run; this run sees the English.
    return { text, translated: false };
  }
}
