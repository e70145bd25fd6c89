/**
 * Values sent outside a funnel's steps (the portal's contact changes, the partner API) made what the funnel would
 * store: each field's transforms, then its rules with the definition's messages, by the engine the browser and
 * `checkFormData` run. So a mobile number is kept in one form, and refused with one message, whoever sends it.
 */
import type { FunnelDefinition } from "../../schema/types";
import { getPath, setPath, type FormData } from "../../engine/paths";
import { normaliseFields, validateFields, type FieldErrors } from "../../engine/rules";

export interface DefinedValues {
  /** The values at the paths the funnel defines, normalised; other paths as sent. */
  data: FormData;
  /** path → the definition's message, for each value its rules refuse. */
  errors: FieldErrors;
}

/** `data`'s values at `paths` through the funnel's fields; a path the funnel does not define is left as sent. */
export function definedValues(
  funnel: Pick<FunnelDefinition, "fields">,
  data: FormData,
  paths: readonly string[],
  today: Date = new Date(),
): DefinedValues {
  let normalised = data;
  for (const [path, value] of normaliseFields(paths, funnel.fields, (p) => getPath(data, p))) normalised = setPath(normalised, path, value);
  return { data: normalised, errors: validateFields(paths, funnel.fields, normalised, today) };
}

/** One value through its field: the stored form, or the definition's message; null when the funnel has no such field. */
export function definedValue(
  funnel: Pick<FunnelDefinition, "fields"> | undefined,
  path: string,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } | null {
  if (!funnel?.fields[path]) return null;
  const checked = definedValues(funnel, setPath({}, path, value), [path]);
  const message = checked.errors[path];
  return message ? { ok: false, message } : { ok: true, value: getPath(checked.data, path) };
}
