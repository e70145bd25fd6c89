/**
 * Whether Next can leave a step without asking react-hook-form to validate it: every field passes the
 * definition's rules (the same check the step resolver runs) and none shows an error now.
 */
import type { UseFormReturn } from "react-hook-form";
import type { FunnelDefinition } from "../../schema/types";
import type { FormData } from "../engine/paths";
import { validateFields } from "../engine/rules";

export function stepIsValid(funnel: FunnelDefinition, paths: readonly string[], values: FormData): boolean {
  return Object.keys(validateFields(paths, funnel.fields, values)).length === 0;
}

/** Reads react-hook-form's errors without subscribing the page to them (getFieldState, not formState). */
export function stepShowsNoError(form: UseFormReturn<FormData>, paths: readonly string[]): boolean {
  return paths.every((path) => !form.getFieldState(path).invalid);
}
