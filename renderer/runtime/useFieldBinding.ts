/** Binds a definition field to react-hook-form: value, change with transforms, blur, and the visible error. */
import { applyTransforms } from "../../engine/transforms";
import { describedBy } from "../components/FieldShell";
import { afterPointerRelease, watchPointerPresses } from "./afterPointerRelease";
import type { FunnelRuntime } from "./runtime";
import { formKit } from "./formKit";

watchPointerPresses();

export function fieldId(path: string): string {
  return `field-${path.replace(/\./g, "-")}`;
}

export function useFieldBinding(runtime: FunnelRuntime, path: string) {
  const definition = runtime.funnel.fields[path];
  if (!definition) throw new Error(`Unknown field '${path}'`);
  // A field is only drawn once the form has moved to react-hook-form (runtime/formKit.ts), so the kit is here.
  const { field, fieldState } = formKit().useController({ name: path, control: runtime.form.control });
  const id = fieldId(path);
  const error = fieldState.error?.message;
  return {
    id,
    definition,
    label: runtime.fill(definition.label),
    hint: definition.hint ? runtime.fill(definition.hint) : undefined,
    error,
    value: field.value as unknown,
    ref: field.ref,
    /** Applies the field's transforms as the user types (digits only, upper case…). */
    onChange: (raw: unknown) => field.onChange(applyTransforms(raw, definition.transforms, { typing: true })),
    /** On leaving the field the finished value gets every transform (trim too). */
    onBlur: () => {
      const finished = applyTransforms(field.value, definition.transforms);
      if (finished !== field.value) field.onChange(finished);
      // The error this may show moves the page: let a press elsewhere finish its click first.
      afterPointerRelease(field.onBlur);
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
