/** JSON pointers (RFC 6901), the `path` of every problem. */

/** Builds a pointer from raw segments, escaping `~` and `/`, e.g. pointer("fields", "a/b") → "/fields/a~1b". */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** The pointer of the containing value: "/steps/2/id" → "/steps/2"; "" stays "". */
export function parentPointer(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf("/")));
}

/** The unescaped last segment: "/fields/a~1b" → "a/b". */
export function lastSegment(path: string): string {
  return path
    .slice(path.lastIndexOf("/") + 1)
    .replace(/~1/g, "/")
    .replace(/~0/g, "~");
}
