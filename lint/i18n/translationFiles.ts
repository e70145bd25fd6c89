/** Where translations live: definitions/i18n/<language>/<the English file's path inside definitions/>. */
import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { definitionsRoot } from "../files";

export const I18N_FOLDER = "i18n";

/** A language code as the folder names it: "cy", "ga", "pt-BR". */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** The translation of an English definition file into a language (the file may not exist). */
export function translationPathFor(englishAbsolute: string, language: string): string {
  const root = definitionsRoot(englishAbsolute);
  return join(root, I18N_FOLDER, language, relative(root, englishAbsolute));
}

export interface TranslationFile {
  language: string;
  absolute: string;
  /** The English file it translates. */
  english: string;
}

async function jsonFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith(".json")).map((e) => join(e.parentPath, e.name));
}

/** Every translation file under a definitions folder, with its language and English file. */
export async function translationFilesIn(definitionsDir: string): Promise<TranslationFile[]> {
  const base = join(definitionsDir, I18N_FOLDER);
  const languages = await readdir(base, { withFileTypes: true }).catch(() => []);
  const found: TranslationFile[] = [];
  for (const language of languages.filter((l) => l.isDirectory() && LANGUAGE_CODE.test(l.name)).map((l) => l.name)) {
    for (const absolute of await jsonFilesUnder(join(base, language))) {
      found.push({ language, absolute, english: join(definitionsDir, relative(join(base, language), absolute).split(sep).join(sep)) });
    }
  }
  return found.sort((a, b) => a.absolute.localeCompare(b.absolute));
}

/** The languages a definitions folder has translations for. */
export async function languagesIn(definitionsDir: string): Promise<string[]> {
  return [...new Set((await translationFilesIn(definitionsDir)).map((t) => t.language))].sort();
}
