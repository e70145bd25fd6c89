/** Small wording helpers for schema messages. */
import { lastSegment, parentPointer } from "./pointer";

/** How a message names the value at a pointer: "'label'", "Item 2 of 'steps'", "The file". */
export function subject(path: string): string {
  if (path === "") return "The file";
  const name = lastSegment(path);
  if (/^\d+$/.test(name)) {
    const parent = parentPointer(path);
    return parent === "" ? `Item ${name}` : `Item ${name} of '${lastSegment(parent)}'`;
  }
  return `'${name}'`;
}

/** "a number", "an array", "null" — what a value actually is, for type errors. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const type = typeof value;
  return type === "object" ? "an object" : `a ${type}`;
}
