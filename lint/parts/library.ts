/**
 * Reads a definitions folder's parts/ (fields/<name>.json, blocks/<name>.json,
 * machines/<name>.json, messages.json) into a PartLibrary, keeping each file's positions so problems
 * inside a part are reported at its own line. Read synchronously: the files
 * are small, and the flows document and tests load funnels without awaiting.
 */
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { displayPath } from "../files";
import { readInLanguage } from "../i18n/readInLanguage";
import { parseJsonWithPositions, type ParseResult } from "../source";
import type { Part, PartKind, PartLibrary } from "./resolve";

export const PARTS_FOLDER = "parts";
export const MESSAGES_FILE = "messages.json";
export const PART_FOLDERS: Record<"field" | "block" | "machine", string> = { field: "fields", block: "blocks", machine: "machines" };

/** A part file as parsed, by its absolute path. */
export interface PartFile {
  absolute: string;
  file: string;
  parsed: ParseResult;
}

export interface LoadedPartLibrary extends PartLibrary {
  /** Every part file read, by display path. */
  files: Map<string, PartFile>;
  /** Every part, for the "unused part" check. */
  all(): Part[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function jsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".json") && !f.endsWith(".schema.json"))
      .sort()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

function readPartFile(absolute: string, language: string | undefined): PartFile {
  return { absolute, file: displayPath(absolute), parsed: parseJsonWithPositions(readInLanguage(absolute, language).text) };
}

/** The definitions folder a funnel or part file belongs to: the parent of funnels/, or of parts/. */
export function definitionsRootOf(absolute: string): string {
  const folder = dirname(absolute);
  if (basename(folder) === PARTS_FOLDER) return dirname(folder);
  if (basename(dirname(folder)) === PARTS_FOLDER) return dirname(dirname(folder));
  return dirname(folder);
}

/** The parts of the definitions folder `root` (an empty library when it has none). */
export function readPartLibrary(root: string, language?: string): LoadedPartLibrary {
  const partsDir = join(root, PARTS_FOLDER);
  const parts = new Map<string, Part>();
  const files = new Map<string, PartFile>();
  for (const kind of ["field", "block", "machine"] as const) {
    for (const absolute of jsonFiles(join(partsDir, PART_FOLDERS[kind]))) {
      const read = readPartFile(absolute, language);
      files.set(read.file, read);
      const name = basename(absolute, ".json");
      parts.set(`${kind}:${name}`, {
        kind,
        name,
        file: read.file,
        pointer: "",
        value: read.parsed.ok ? read.parsed.source.data : undefined,
        ...(read.parsed.ok ? {} : { unreadable: true }),
      });
    }
  }
  const messagesFile = join(partsDir, MESSAGES_FILE);
  if (existsSync(messagesFile)) {
    const read = readPartFile(messagesFile, language);
    files.set(read.file, read);
    const messages = read.parsed.ok ? read.parsed.source.data : undefined;
    const entries = isObject(messages) && isObject(messages.messages) ? Object.entries(messages.messages) : [];
    for (const [name, text] of entries) {
      parts.set(`message:${name}`, {
        kind: "message",
        name,
        file: read.file,
        pointer: `/messages/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`,
        value: text,
      });
    }
  }
  const display = (kind: PartKind, name: string) =>
    kind === "message" ? `${displayPath(messagesFile)} "messages"` : displayPath(join(partsDir, PART_FOLDERS[kind], `${name}.json`));
  return {
    get: (kind, name) => parts.get(`${kind}:${name}`),
    names: (kind) => [...parts.values()].filter((p) => p.kind === kind).map((p) => p.name),
    describe: (kind, name) => (kind === "message" ? `looked for "${name}" in ${display(kind, name)}` : `looked for ${display(kind, name)}`),
    files,
    all: () => [...parts.values()],
  };
}
