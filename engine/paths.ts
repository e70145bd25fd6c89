/** Dotted-path access to nested form data ("address.postcode"). */
export type FormData = Record<string, unknown>;

export function getPath(data: FormData, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Returns a new object with the value set; the input is never mutated. */
export function setPath(data: FormData, path: string, value: unknown): FormData {
  const [head, ...rest] = path.split(".");
  if (rest.length === 0) return { ...data, [head]: value };
  const child = data[head];
  const childObject = child !== null && typeof child === "object" ? (child as FormData) : {};
  return { ...data, [head]: setPath(childObject, rest.join("."), value) };
}

/** A value counts as filled when it is not empty: blank strings, empty lists and null are not. */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === "string") return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
