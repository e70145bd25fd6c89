/**
 * The funnel-wide form as the runner, its blocks and its hooks see it: a plain store of the answers until a
 * step needs react-hook-form (runtime/formKit.ts), then react-hook-form itself, started from those answers.
 * `form` keeps its identity throughout, so a hook or block holding it reaches whichever is current.
 *
 * Before react-hook-form is here, only a step without fields is on screen: the store answers what such a
 * step's blocks and hooks ask (values, setting one, no field errors), and keeps a field error a hook sets
 * (the server's verdict on a field of an earlier step) for react-hook-form to show once that field is drawn.
 */
import type { ErrorOption, FieldPath, UseFormProps, UseFormReturn } from "react-hook-form";
import { getPath, setPath, type FormData } from "../../engine/paths";
import type { FormKit } from "./formKit";

export type FunnelForm = Omit<UseFormReturn<FormData>, "formState">;
export type FunnelFormOptions = Omit<UseFormProps<FormData>, "defaultValues" | "values" | "formControl">;

export interface FunnelFormHandle {
  form: FunnelForm;
  /** react-hook-form's instance, once the form has moved to it. */
  upgraded(): FunnelForm | null;
  /** Moves the answers into react-hook-form (once). */
  upgrade(kit: FormKit): void;
  /** Calls back on every change of a value; returns the unsubscribe function. */
  subscribeValues(callback: () => void): () => void;
  /** A number that changes with every value change (for useSyncExternalStore). */
  valuesVersion(): number;
}

const NO_FIELD_STATE = { invalid: false, isDirty: false, isTouched: false, isValidating: false, error: undefined };

export function createFunnelForm(initial: FormData, options: FunnelFormOptions): FunnelFormHandle {
  let values = initial;
  let real: FunnelForm | null = null;
  let version = 0;
  const listeners = new Set<() => void>();
  const pendingErrors = new Map<string, ErrorOption>();
  const changed = () => {
    version++;
    for (const listener of listeners) listener();
  };

  const store: Partial<FunnelForm> = {
    getValues: ((path?: string) => (path === undefined ? values : getPath(values, path))) as FunnelForm["getValues"],
    setValue: ((path: string, value: unknown) => {
      values = setPath(values, path, value);
      changed();
    }) as FunnelForm["setValue"],
    getFieldState: (() => NO_FIELD_STATE) as unknown as FunnelForm["getFieldState"],
    getErrors: ((paths?: string | readonly string[]) =>
      paths === undefined ? {} : typeof paths === "string" ? undefined : paths.map(() => undefined)) as FunnelForm["getErrors"],
    // No field is on screen, so there is nothing to validate.
    trigger: (async () => true) as FunnelForm["trigger"],
    setError: ((path: FieldPath<FormData>, error: ErrorOption) => void pendingErrors.set(path, error)) as FunnelForm["setError"],
    clearErrors: ((paths?: string | readonly string[]) => {
      if (paths === undefined) pendingErrors.clear();
      else for (const path of typeof paths === "string" ? [paths] : paths) pendingErrors.delete(path);
    }) as FunnelForm["clearErrors"],
  };

  const form = new Proxy({} as FunnelForm, {
    get(_target, key: keyof FunnelForm) {
      if (real) return real[key];
      if (key in store) return store[key];
      throw new Error(`form.${String(key)} needs react-hook-form, which loads with the first step that has a field`);
    },
  });

  return {
    form,
    upgraded: () => real,
    upgrade(kit) {
      if (real) return;
      // Without useForm: the runner reads no form state (it asks getErrors or getFieldState when it needs an error), so
      // useForm's work (re-rendering its component on every change of that state, async default values,
      // fields that unregister) is not needed. subscribe() marks the form as mounted, as useForm's first effect
      // does, so getValues reads the answers set from now on.
      real = kit.createFormControl<FormData>({ ...options, defaultValues: values });
      for (const [path, error] of pendingErrors) real.setError(path, error);
      pendingErrors.clear();
      real.subscribe({ formState: { values: true }, callback: changed });
    },
    subscribeValues(callback) {
      listeners.add(callback);
      return () => void listeners.delete(callback);
    },
    valuesVersion: () => version,
  };
}
