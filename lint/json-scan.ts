/**
 * A quick pass over a definition file's text before it is parsed, for the
 * mistakes a JSON parser explains badly or not at all: comments, curly
 * quotes, a string left open at the end of its line, and duplicate keys
 * (JSON.parse silently keeps the last one, so half an edit vanishes).
 */
import { pointer } from "./pointer";

export interface ScanSyntaxError {
  offset: number;
  message: string;
  suggestion?: string;
}

export interface DuplicateKey {
  offset: number;
  /** JSON pointer of the duplicated property. */
  path: string;
  key: string;
  firstOffset: number;
}

export interface ScanResult {
  syntax?: ScanSyntaxError;
  duplicates: DuplicateKey[];
}

const CURLY_QUOTES = new Set(["\u201c", "\u201d", "\u2018", "\u2019", "\u201e", "\u00ab", "\u00bb"]);

interface ObjectFrame {
  kind: "object";
  keys: Map<string, number>;
  key: string | undefined;
  expectKey: boolean;
}
interface ArrayFrame {
  kind: "array";
  index: number;
}
type Frame = ObjectFrame | ArrayFrame;

function pathOf(stack: Frame[]): string {
  return pointer(...stack.map((f) => (f.kind === "object" ? (f.key ?? "") : f.index)));
}

/** Finds the end of a string starting at its opening quote (after the closing quote), or an error. */
function readString(text: string, start: number): { end: number } | ScanSyntaxError {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    const newline = text.indexOf("\n", i);
    if (newline >= 0 && (quote < 0 || newline < quote)) {
      return {
        offset: start,
        message: "Invalid JSON: this string is not closed before the end of its line",
        suggestion: 'add the closing " on this line (a line break inside text is written \\n)',
      };
    }
    if (quote < 0) return { offset: start, message: "Invalid JSON: this string is never closed", suggestion: 'add the closing "' };
    // An escaped quote: count the backslashes before it.
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === "\\") backslashes++;
    if (backslashes % 2 === 0) return { end: quote + 1 };
    i = quote + 1;
  }
}

export function scanJson(text: string): ScanResult {
  const duplicates: DuplicateKey[] = [];
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) {
      return {
        duplicates,
        syntax: {
          offset: i,
          message: "Invalid JSON: JSON files cannot hold comments",
          suggestion: 'remove the comment (put notes in a "description" where the schema allows one)',
        },
      };
    }
    if (CURLY_QUOTES.has(c)) {
      return {
        duplicates,
        syntax: {
          offset: i,
          message: `Invalid JSON: ${c} is a curly quote; JSON needs straight double quotes (")`,
          suggestion: 'replace the curly quotes around this text with " (inside text, curly quotes are fine)',
        },
      };
    }
    if (c === '"') {
      const read = readString(text, i);
      if ("message" in read) return { duplicates, syntax: read };
      if (top?.kind === "object" && top.expectKey) {
        let key: string;
        try {
          key = JSON.parse(text.slice(i, read.end)) as string;
        } catch {
          key = text.slice(i + 1, read.end - 1);
        }
        const first = top.keys.get(key);
        top.key = key;
        if (first !== undefined) duplicates.push({ offset: i, path: pathOf(stack), key, firstOffset: first });
        else top.keys.set(key, i);
        top.expectKey = false;
      }
      i = read.end;
      continue;
    }
    if (c === "{") stack.push({ kind: "object", keys: new Map(), key: undefined, expectKey: true });
    else if (c === "[") stack.push({ kind: "array", index: 0 });
    else if (c === "}" || c === "]") stack.pop();
    else if (c === ",") {
      if (top?.kind === "object") top.expectKey = true;
      else if (top?.kind === "array") top.index++;
    }
    i++;
  }
  return { duplicates };
}
