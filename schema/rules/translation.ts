/**
 * Overlaying a translation on an English definition file (schema/translation.schema.ts): each pointer names a text in
 * the English file; the translated file is the English file with those texts replaced. Pure, shared by the lint (which
 * resolves a language's definitions from the overlaid files) and its tests.
 */

/** The keys of a JSON pointer ("/steps/0/title" → ["steps", "0", "title"]), unescaped (RFC 6901). */
export function pointerKeys(pointer: string): string[] {
  return pointer
    .split("/")
    .slice(1)
    .map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The value at a pointer, or undefined when the pointer names nothing. */
export function valueAt(data: unknown, pointer: string): unknown {
  let here: unknown = data;
  for (const key of pointerKeys(pointer)) {
    if (here === null || typeof here !== "object" || !Object.prototype.hasOwnProperty.call(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/**
 * The English data with each pointed-at text replaced by its translation. Only a text is replaced (a pointer to
 * anything else, or to nothing, is left out: the lint reports it); the English data is not changed.
 */
export function applyTranslation<T>(english: T, copy: Readonly<Record<string, string>>): T {
  const result = structuredClone(english);
  for (const [pointer, text] of Object.entries(copy)) {
    const keys = pointerKeys(pointer);
    const last = keys.pop();
    if (last === undefined) continue;
    const parent = valueAt(result, keys.length ? `/${keys.map((k) => k.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}` : "");
    if (parent === null || typeof parent !== "object") continue;
    const holder = parent as Record<string, unknown>;
    if (Object.prototype.hasOwnProperty.call(holder, last) && typeof holder[last] === "string") holder[last] = text;
  }
  return result;
}
