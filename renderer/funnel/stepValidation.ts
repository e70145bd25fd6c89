/**
 * A step's validation: the react-hook-form resolver (a zod schema whose single check runs the definition's
 * rules, the same code the server runs, so the messages match the server's exactly) and the plain check Next
 * makes first. This module (with zod) is loaded apart from the first page's code, on the visitor's first
 * action (loadStepValidation.ts): nothing is validated before they act.
 *
 * The resolver is written here rather than taken from @hookform/resolvers, which imports react-hook-form: this
 * module would then share a chunk with react-hook-form's (runtime/formKit.ts), and a browser that once failed
 * to download a shared chunk never loads a module that imports it again (loadOnce.ts), so a dropped
 * connection would leave Next unable to validate for the rest of the visit.
 */
import * as z from "zod/mini";
import type { FieldError, FieldErrors, Resolver } from "react-hook-form";
import type { FieldDefinition } from "../../schema/types";
import { getPath, setPath, type FormData } from "../../engine/paths";
import { validateFields, validateValue } from "../../engine/rules";

export function buildStepSchema(fields: Record<string, FieldDefinition>, paths: readonly string[]) {
  return z.record(z.string(), z.unknown()).check(
    z.superRefine((data, ctx) => {
      for (const path of paths) {
        const field = fields[path];
        if (!field) continue;
        const message = validateValue(getPath(data, path), field, data);
        if (message) ctx.issues.push({ code: "custom", message, path: path.split("."), input: getPath(data, path) });
      }
    }),
  );
}

/**
 * The resolver for the fields on screen now: react-hook-form's errors, nested by path, one per field (the
 * first its rules find), each with the field's element so react-hook-form can focus it.
 */
export function resolverFor(fields: Record<string, FieldDefinition>, paths: readonly string[]): Resolver<FormData> {
  const schema = buildStepSchema(fields, paths);
  return async (values, _context, options) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    let errors: FormData = {};
    const found = new Set<string>();
    for (const issue of result.error.issues) {
      const path = issue.path.join(".");
      if (found.has(path)) continue;
      found.add(path);
      const error: FieldError = { type: issue.code, message: issue.message, ref: options.fields[path]?.ref as FieldError["ref"] };
      errors = setPath(errors, path, error);
    }
    return { values: {}, errors: errors as FieldErrors<FormData> };
  };
}

/** Whether every field passes the definition's rules (the same check the resolver runs). */
export function fieldsPassRules(fields: Record<string, FieldDefinition>, paths: readonly string[], values: FormData): boolean {
  return Object.keys(validateFields(paths, fields, values)).length === 0;
}
