/**
 * Binds a definition field to the funnel form: value, change with transforms, leaving the field, and the
 * visible error. It reads the form as the runner renders (the runner draws the step again on every change of a
 * value, an error or a field left), so it works the same before react-hook-form has loaded (runtime/funnelForm.ts)
 * and after: a field typed into while it arrives keeps its element, its focus and what was typed.
 *
 * As react-hook-form's `onTouched` mode does: a field is checked when it is left, then on every change.
 */
import { applyTransforms } from "../../engine/transforms";
import { describedBy } from "../components/FieldShell";
import { afterPointerRelease, watchPointerPresses } from "./afterPointerRelease";
import type { FunnelRuntime } from "./runtime";

watchPointerPresses();

export function fieldId(path: string): string {
  return `field-${path.replace(/\./g, "-")}`;
}

export function useFieldBinding(runtime: FunnelRuntime, path: string) {
  const definition = runtime.funnel.fields[path];
  if (!definition) throw new Error(`Unknown field '${path}'`);
  const { form } = runtime;
  const value: unknown = form.getValues(path);
  const fieldState = form.getFieldState(path);
  const id = fieldId(path);
  const error = fieldState.error?.message;
  const change = (next: unknown) => form.setValue(path, next, { shouldDirty: true, shouldValidate: form.getFieldState(path).isTouched });
  return {
    id,
    definition,
    label: runtime.fill(definition.label),
    hint: definition.hint ? runtime.fill(definition.hint) : undefined,
    error,
    value,
    /** Applies the field's transforms as the user types (digits only, upper case…). */
    onChange: (raw: unknown) => change(applyTransforms(raw, definition.transforms, { typing: true })),
    /** On leaving the field the finished value gets every transform (trim too). */
    onBlur: () => {
      const current: unknown = form.getValues(path);
      const finished = applyTransforms(current, definition.transforms);
      if (finished !== current) change(finished);
      // The error this may show moves the page: let a press elsewhere finish its click first.
      afterPointerRelease(() => form.setValue(path, form.getValues(path), { shouldTouch: true, shouldValidate: true }));
    },
    inputProps: {
      id,
      name: path,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy(id, definition.hint, error),
      autoComplete: definition.autocomplete,
      maxLength: definition.maxInputLength,
    },
  };
}
