/**
 * The react-hook-form resolver of the funnel-wide form: it always validates the current step's fields (read
 * through a getter, as the step changes), with the validation module loaded on first use.
 */
import type { Resolver } from "react-hook-form";
import type { FieldDefinition } from "../../schema/types";
import type { FormData } from "../../engine/paths";
import { loadStepValidation } from "./loadStepValidation";

export function stepResolver(fields: Record<string, FieldDefinition>, currentPaths: () => readonly string[]): Resolver<FormData> {
  return async (values, context, options) => {
    const paths = currentPaths();
    const validation = await loadStepValidation().catch(() => null);
    // Without the validation code (the connection dropped) a field shows no verdict; Next tries to load it
    // again, and tells the visitor when it cannot.
    if (!validation) return { values: {}, errors: {} };
    return validation.resolverFor(fields, paths)(values, context, options);
  };
}
