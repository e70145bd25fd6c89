/**
 * Parses a definition file keeping where every value sits, so each problem
 * gets a line and column. json-source-map counts a tab as four columns; we
 * derive line and column from the character offset instead so they match
 * what an editor shows.
 */
import { parse, type PointerLocations } from "json-source-map";
import { scanJson, type DuplicateKey } from "./json-scan";
import { parentPointer } from "./pointer";

export interface Position {
  line: number;
  column: number;
}

export interface ParsedSource {
  data: unknown;
  /** Position of the key or value at `path`; falls back to the nearest existing parent. */
  locate(path: string, at?: "key" | "value", token?: string): Position;
}

export type ParseResult =
  | { ok: true; source: ParsedSource; duplicates: (DuplicateKey & { position: Position; first: Position })[]; bom: boolean }
  | { ok: false; position: Position; message: string; suggestion?: string };

/** 1-based line and column of a character offset. */
function positionFinder(text: string): (offset: number) => Position {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low] + 1 };
  };
}

/** Turns json-source-map's terse error into a position and a plain message. */
function syntaxProblem(text: string, error: unknown, at: (offset: number) => Position) {
  const raw = error instanceof Error ? error.message : String(error);
  const match = /at position (\d+)/.exec(raw);
  if (!match) return { ok: false as const, position: at(text.length), message: "Invalid JSON: the file ends before the JSON is complete" };
  const offset = Number(match[1]);
  const found = text[offset];
  const before = text.slice(0, offset).trimEnd();
  const trailingComma = before.endsWith(",") && (found === "}" || found === "]");
  return {
    ok: false as const,
    position: at(offset),
    message: `Invalid JSON: unexpected ${JSON.stringify(found)}`,
    suggestion: trailingComma
      ? "remove the trailing comma before it"
      : /["\]}\deln]$/.test(before) && /["[{]/.test(found ?? "")
        ? "is a comma missing before it?"
        : undefined,
  };
}

export function parseJsonWithPositions(input: string): ParseResult {
  const bom = input.startsWith("\uFEFF"); // editors on Windows may save one; reported as a warning
  const text = bom ? input.slice(1) : input;
  const at = positionFinder(text);
  const scan = scanJson(text);
  if (scan.syntax) {
    const { offset, message, suggestion } = scan.syntax;
    return { ok: false, position: at(offset), message, ...(suggestion ? { suggestion } : {}) };
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(text);
  } catch (error) {
    return syntaxProblem(text, error, at);
  }
  const { data, pointers } = parsed;

  const locate = (path: string, where: "key" | "value" = "value", token?: string): Position => {
    let probe = path;
    let entry: PointerLocations | undefined = pointers[probe];
    while (!entry && probe !== "") {
      probe = parentPointer(probe);
      entry = pointers[probe];
    }
    if (!entry) return { line: 1, column: 1 };
    if (probe === path && token) {
      const index = text.slice(entry.value.pos, entry.valueEnd.pos).indexOf(token);
      if (index >= 0) return at(entry.value.pos + index);
    }
    const spot = where === "key" && probe === path && entry.key ? entry.key : entry.value;
    return at(spot.pos);
  };
  const duplicates = scan.duplicates.map((d) => ({ ...d, position: at(d.offset), first: at(d.firstOffset) }));
  return { ok: true, source: { data, locate }, duplicates, bom };
}
