/**
 * The lint's side of shared parts: resolving a funnel's references before it
 * is checked, checking a part file on its own, placing every finding in the
 * file an editor must change, and warning about parts no funnel uses.
 */
import { basename, dirname } from "node:path";
import { validatePartSchema } from "../../schema/validate";
import { checkSchemaPointer } from "../check-file";
import { schemaFindings } from "../schema-findings";
import type { ParsedSource } from "../source";
import type { Finding } from "../types";
import { fieldPartMeaning } from "../meaning";
import { definitionsRootOf, readPartLibrary, type LoadedPartLibrary } from "./library";
import { resolveParts, type PartKind, type Resolution } from "./resolve";

/** A finding placed in a file: the file, its parsed source and the pointer in it. */
export interface Placed {
  file: string;
  source: ParsedSource;
  finding: Finding;
}

/** Part libraries by definitions folder, read once per lint run. */
export class PartLibraries {
  private readonly byRoot = new Map<string, LoadedPartLibrary>();

  /** `language`: read each part with its translation in that language laid over it (lint/i18n/). */
  constructor(private readonly language?: string) {}

  forFile(absolute: string): LoadedPartLibrary {
    const root = definitionsRootOf(absolute);
    let library = this.byRoot.get(root);
    if (!library) this.byRoot.set(root, (library = readPartLibrary(root, this.language)));
    return library;
  }

  all(): LoadedPartLibrary[] {
    return [...this.byRoot.values()];
  }
}

/** Which kind of part a file in parts/ holds. */
export function partKindOf(absolute: string): "field" | "block" | "machine" | "messages" {
  if (basename(absolute) === "messages.json" && basename(dirname(absolute)) === "parts") return "messages";
  const folder = basename(dirname(absolute));
  return folder === "blocks" ? "block" : folder === "machines" ? "machine" : "field";
}

/**
 * Places findings about the resolved value in the files they came from. A
 * finding under a reference that did not resolve is a follow-on error and
 * dropped; one that lands in a part names the file that used the part.
 */
export function placer(resolution: Resolution, file: string, source: ParsedSource, library: LoadedPartLibrary) {
  const sourceOf = (name: string): ParsedSource | undefined => {
    if (name === file) return source;
    const read = library.files.get(name);
    return read?.parsed.ok ? read.parsed.source : undefined;
  };
  const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
  return {
    /** A finding on the resolved value (its path is a resolved pointer). */
    place(finding: Finding): Placed | undefined {
      if (resolution.failed.some((root) => under(finding.path, root))) return undefined;
      const at = resolution.origin(finding.path, true);
      const placedSource = sourceOf(at.file);
      if (!placedSource) return undefined;
      const message = at.file === file ? finding.message : `${finding.message} (where ${file} uses it)`;
      return { file: at.file, source: placedSource, finding: { ...finding, path: at.pointer, message } };
    },
    /** Problems with the references themselves, already in their own file's pointers. */
    references(): Placed[] {
      return resolution.problems.flatMap(({ file: at, finding }) => {
        const placedSource = sourceOf(at);
        return placedSource ? [{ file: at, source: placedSource, finding }] : [];
      });
    },
  };
}

/** Resolves a funnel's references with the parts of its definitions folder. */
export function resolveFunnel(
  data: unknown,
  absolute: string,
  file: string,
  libraries: PartLibraries,
): { resolution: Resolution; library: LoadedPartLibrary } {
  const library = libraries.forFile(absolute);
  return { resolution: resolveParts(data, file, library), library };
}

const PART_SCHEMA_FILES = {
  field: "field-part.schema.json",
  block: "block-part.schema.json",
  machine: "machine-part.schema.json",
  messages: "messages.schema.json",
} as const;

/** A part file on its own: resolved (it may use another part) and checked against its schema. */
export function checkPartFile(
  data: unknown,
  absolute: string,
  file: string,
  libraries: PartLibraries,
): { resolution: Resolution; library: LoadedPartLibrary; findings: Finding[] } {
  const library = libraries.forFile(absolute);
  const kind = partKindOf(absolute);
  const pointerFindings = checkSchemaPointer(
    absolute,
    kind === "messages" ? "messages file" : `${kind} part`,
    data,
    PART_SCHEMA_FILES[kind],
  );
  if (kind === "messages") {
    const resolution = resolveParts(data, file, library, "message");
    return { resolution, library, findings: [...pointerFindings, ...schemaFindings(validatePartSchema("messages", data))] };
  }
  const resolution = resolveParts(data, file, library, kind satisfies PartKind);
  const meaning = kind === "field" ? fieldPartMeaning(resolution.data) : [];
  return { resolution, library, findings: [...pointerFindings, ...schemaFindings(validatePartSchema(kind, resolution.data)), ...meaning] };
}

/** Parts of a complete definitions folder that no funnel (and no other part) uses. */
export function unusedParts(
  library: LoadedPartLibrary,
  used: ReadonlySet<string>,
): { file: string; source: ParsedSource; finding: Finding }[] {
  return library.all().flatMap((part) => {
    const read = library.files.get(part.file);
    if (used.has(`${part.kind}:${part.name}`) || !read?.parsed.ok) return [];
    const folder = part.kind === "message" ? "parts/messages.json" : `parts/${part.kind}s/`;
    return [
      {
        file: part.file,
        source: read.parsed.source,
        finding: {
          path: part.pointer,
          at: "key" as const,
          code: "unused-part" as const,
          severity: "warning" as const,
          message: `No funnel uses the ${part.kind} part '${part.name}'`,
          suggestion: `use it with { "use": "${part.name}" }, or remove it from ${folder}`,
        },
      },
    ];
  });
}
