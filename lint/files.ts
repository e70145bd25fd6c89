/** Finds definition files under the given paths and tells funnels from brands. */
import { readdir, stat } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { Problem } from "./types";

export type DefinitionKind = "funnel" | "brand" | "content" | "company";
/**
 * What a file can be: a definition, the lender catalogue (lenders/catalogue.json),
 * or a shared part (parts/fields/*.json, parts/blocks/*.json, parts/messages.json).
 */
export type FileKind = DefinitionKind | "catalogue" | "part";

export interface DefinitionFile {
  /** As shown in problems: relative to the working directory when inside it. */
  file: string;
  absolute: string;
  fromDirectory: boolean;
  /**
   * Loaded only because a file beside it was named (a sibling), so the
   * cross-file checks see the whole set; its own problems are not reported.
   */
  context?: boolean;
}

const FOLDER_KINDS: Record<string, FileKind> = {
  funnels: "funnel",
  brands: "brand",
  content: "content",
  companies: "company",
  lenders: "catalogue",
};

/** Shown path: short and clickable from the working directory. */
export function displayPath(absolute: string): string {
  const rel = relative(process.cwd(), absolute);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : absolute;
}

async function jsonFilesIn(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && e.name.endsWith(".json") && !e.name.endsWith(".schema.json"))
      .map((e) => join(dir, e.name))
      .sort();
  } catch {
    return [];
  }
}

/** The folders of parts/ that hold one part per file. */
const PART_FILE_FOLDERS = ["fields", "blocks", "machines"];

/** The shared parts of a definitions folder: parts/fields/, parts/blocks/, parts/machines/ and parts/messages.json. */
async function partFilesIn(dir: string): Promise<string[]> {
  const [top, ...folders] = await Promise.all([jsonFilesIn(dir), ...PART_FILE_FOLDERS.map((folder) => jsonFilesIn(join(dir, folder)))]);
  return [...folders.flat(), ...top.filter((f) => basename(f) === "messages.json")];
}

/** Whether a file sits where shared parts live (parts/messages.json, parts/<fields|blocks|machines>/*.json). */
export function isPartFile(absolute: string): boolean {
  const folder = basename(dirname(absolute));
  if (folder === "parts") return basename(absolute) === "messages.json";
  return PART_FILE_FOLDERS.includes(folder) && basename(dirname(dirname(absolute))) === "parts";
}

/** The definitions folder a file belongs to: the parent of funnels/ (brands/, …), or of parts/. */
export function definitionsRoot(absolute: string): string {
  return isPartFile(absolute) && basename(dirname(absolute)) !== "parts" ? dirname(dirname(dirname(absolute))) : dirname(dirname(absolute));
}

/** A directory named funnels/brands/content/companies/lenders/parts is linted itself; any other directory through those folders. */
async function scan(dir: string): Promise<string[]> {
  if (basename(dir) === "parts") return partFilesIn(dir);
  if (FOLDER_KINDS[basename(dir)]) return jsonFilesIn(dir);
  const found = await Promise.all([
    ...Object.keys(FOLDER_KINDS).map((folder) => jsonFilesIn(join(dir, folder))),
    partFilesIn(join(dir, "parts")),
  ]);
  return found.flat();
}

function fileProblem(file: string, code: Problem["code"], message: string): Problem {
  return { file, line: 1, column: 1, path: "", code, severity: "error", message };
}

export async function collectFiles(paths: string[]): Promise<{ files: DefinitionFile[]; problems: Problem[] }> {
  const files: DefinitionFile[] = [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const add = (absolute: string, fromDirectory: boolean) => {
    if (seen.has(absolute)) return;
    seen.add(absolute);
    files.push({ file: displayPath(absolute), absolute, fromDirectory });
  };
  for (const given of paths) {
    const absolute = resolve(given);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) {
      problems.push(fileProblem(given, "file-not-found", `No such file or directory: ${given}`));
    } else if (info.isDirectory()) {
      const found = await scan(absolute);
      if (found.length === 0) {
        problems.push(fileProblem(given, "no-definitions", `No definitions found: ${given} has no funnels/*.json or brands/*.json`));
      }
      for (const file of found) add(file, true);
    } else {
      add(absolute, false);
    }
  }
  // A file named alone in a definitions folder brings its siblings along, so
  // checks across files (versions, brands, copy targets) still see the whole set.
  // Not when a folder is named too: then the folders given are the set (the
  // server lints its folder plus the shared content file, and only those).
  const folderGiven = files.some((f) => f.fromDirectory);
  for (const { absolute, fromDirectory } of folderGiven ? [] : [...files]) {
    if (fromDirectory || !(FOLDER_KINDS[basename(dirname(absolute))] || isPartFile(absolute))) continue;
    for (const sibling of await scan(definitionsRoot(absolute))) {
      if (seen.has(sibling)) continue;
      seen.add(sibling);
      files.push({ file: displayPath(sibling), absolute: sibling, fromDirectory: true, context: true });
    }
  }
  return { files, problems };
}

/** By folder name first (funnels/, brands/), else by the file's "$schema". */
export function classify(absolute: string, text: string): FileKind | undefined {
  if (isPartFile(absolute)) return "part";
  const byFolder = FOLDER_KINDS[basename(dirname(absolute))];
  if (byFolder) return byFolder;
  // A regular expression rather than JSON.parse, so a file with a syntax error is still classified.
  const schema = /"\$schema"\s*:\s*"([^"]*)"/.exec(text)?.[1];
  if (schema === undefined) return undefined;
  const name = basename(schema);
  const byName: Record<string, FileKind> = {
    "catalogue.schema.json": "catalogue",
    "funnel.schema.json": "funnel",
    "brand.schema.json": "brand",
    "content.schema.json": "content",
    "company.schema.json": "company",
  };
  return byName[name];
}
