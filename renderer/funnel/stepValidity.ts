/**
 * Whether Next can leave a step without asking react-hook-form to validate it: every field passes the
 * definition's rules (the same check the step resolver runs) and none shows an error now.
 */
import type { FunnelDefinition } from "../../schema/types";
import { getPath, type FormData } from "../../engine/paths";
import { loadStepValidation } from "./loadStepValidation";
import type { FunnelForm } from "../runtime/funnelForm";

export async function stepIsValid(funnel: FunnelDefinition, paths: readonly string[], values: FormData): Promise<boolean> {
  if (paths.length === 0) return true;
  const { fieldsPassRules } = await loadStepValidation();
  return fieldsPassRules(funnel.fields, paths, values);
}

/**
 * Reads react-hook-form's errors without subscribing the page to them (getErrors, not formState). Mostly there
 * are none at all, and no path is looked up (a field's state is four lookups, on every press of Next).
 */
export function stepShowsNoError(form: FunnelForm, paths: readonly string[]): boolean {
  const errors = form.getErrors();
  return Object.keys(errors).length === 0 || paths.every((path) => getPath(errors, path) === undefined);
}
