/**
 * `funnel new <version> --from <version>`: a new funnel file copied from an
 * existing one, keeping its layout and copy, with what must be unique fixed:
 * the version, the routing path (= the version), and no mirrors or redirects
 * (those paths belong to the original). The text is edited in place, so the
 * copy keeps the original's formatting.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "json-source-map";

export interface NewFunnelResult {
  file: string;
  removed: string[];
}

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** Removes the property at `pointer` (key, value and one neighbouring comma) from JSON text. */
function removeProperty(text: string, pointers: ReturnType<typeof parse>["pointers"], pointer: string): string {
  const entry = pointers[pointer];
  if (!entry?.key) return text;
  let start = entry.key.pos;
  let end = entry.valueEnd.pos;
  const after = /^\s*,/.exec(text.slice(end));
  if (after) end += after[0].length;
  else {
    const before = /,\s*$/.exec(text.slice(0, start));
    if (before) start -= before[0].length;
  }
  // Take the line's leading indentation and line break with it when the property filled whole lines.
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  if (/^\s*$/.test(text.slice(lineStart, start)) && text[end] === "\n") {
    start = lineStart;
    end += 1;
  } else if (/^\s*$/.test(text.slice(lineStart, start))) {
    const rest = /^[ \t]*\n/.exec(text.slice(end));
    if (rest) {
      start = lineStart;
      end += rest[0].length;
    }
  }
  return text.slice(0, start) + text.slice(end);
}

function replaceValue(text: string, pointers: ReturnType<typeof parse>["pointers"], pointer: string, value: string): string {
  const entry = pointers[pointer];
  if (!entry) return text;
  return text.slice(0, entry.value.pos) + JSON.stringify(value) + text.slice(entry.valueEnd.pos);
}

export async function newFunnel(definitionsDir: string, version: string, from: string): Promise<NewFunnelResult> {
  if (!SLUG.test(version)) throw new Error(`'${version}' cannot be a version: use lower-case letters, digits and hyphens, e.g. v6`);
  const source = join(definitionsDir, "funnels", `${from}.json`);
  const target = join(definitionsDir, "funnels", `${version}.json`);
  if (!existsSync(source)) throw new Error(`there is no funnel ${source}`);
  if (existsSync(target)) throw new Error(`${target} already exists`);
  let text = await readFile(source, "utf8");
  const removed: string[] = [];
  // Edit from the end of the file backwards so earlier positions stay valid: re-parse after each edit instead.
  for (const pointer of ["/routing/redirectFrom", "/routing/mirrors"]) {
    const { pointers } = parse(text);
    if (pointers[pointer]) {
      text = removeProperty(text, pointers, pointer);
      removed.push(pointer.split("/").pop()!);
    }
  }
  text = replaceValue(text, parse(text).pointers, "/routing/path", version);
  text = replaceValue(text, parse(text).pointers, "/version", version);
  JSON.parse(text); // never write a file that is not JSON
  await writeFile(target, text);
  return { file: target, removed };
}
