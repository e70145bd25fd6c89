/**
 * Builds the react-hook-form resolver for one step from the definition: a zod
 * schema whose single check runs the definition's rules (the same code the
 * server runs), so the messages match the server's exactly.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import * as z from "zod/mini";
import type { Resolver } from "react-hook-form";
import type { FieldDefinition } from "../../schema/types";
import { getPath, type FormData } from "../engine/paths";
import { validateValue } from "../engine/rules";

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

/** A resolver that always validates the current step's fields (read through a getter, as the step changes). */
export function stepResolver(fields: Record<string, FieldDefinition>, currentPaths: () => readonly string[]): Resolver<FormData> {
  return (values, context, options) => {
    const resolve = zodResolver(buildStepSchema(fields, currentPaths()) as never) as unknown as Resolver<FormData>;
    return resolve(values, context, options);
  };
}
