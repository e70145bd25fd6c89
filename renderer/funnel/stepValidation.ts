/**
 * A step's validation: the react-hook-form resolver (a zod schema whose single check runs the definition's
 * rules, the same code the server runs, so the messages match the server's exactly) and the plain check Next
 * makes first. This module (with zod and the resolver adapter) is loaded apart from the first page's code, on
 * the visitor's first action (loadStepValidation.ts): nothing is validated before they act.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import * as z from "zod/mini";
import type { Resolver } from "react-hook-form";
import type { FieldDefinition } from "../../schema/types";
import { getPath, type FormData } from "../engine/paths";
import { validateFields, validateValue } from "../engine/rules";

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

/** The resolver for the fields on screen now. */
export function resolverFor(fields: Record<string, FieldDefinition>, paths: readonly string[]): Resolver<FormData> {
  return zodResolver(buildStepSchema(fields, paths) as never) as unknown as Resolver<FormData>;
}

/** Whether every field passes the definition's rules (the same check the resolver runs). */
export function fieldsPassRules(fields: Record<string, FieldDefinition>, paths: readonly string[], values: FormData): boolean {
  return Object.keys(validateFields(paths, fields, values)).length === 0;
}
