/**
 * Cross-reference checks also run on definitions that failed the schema, so
 * one run reports every problem. These accessors read such data without
 * trusting its shape.
 */
export type Obj = Record<string, unknown>;

export function isObject(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown): Obj {
  return isObject(value) ? value : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
