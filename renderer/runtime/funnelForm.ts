/**
 * The funnel-wide form as the runner, its blocks and its hooks see it: a plain store of the answers until a
 * step needs react-hook-form (runtime/formKit.ts), then react-hook-form itself, started from those answers.
 * `form` keeps its identity throughout, so a hook or block holding it reaches whichever is current.
 *
 * Before react-hook-form is here, a step is drawn and typed into all the same: the store answers what a step's
 * blocks and hooks ask (values, setting one, which fields were left, no field errors yet), and keeps a field
 * error a hook sets (the server's verdict on a field of an earlier step) for react-hook-form to show once that
 * field is drawn. The first validation asked for (Next on a step with a mistake) brings react-hook-form in, and
 * the fields left before it came are checked then, so a visitor sees the same errors whenever it arrives.
 */
import type { ErrorOption, FieldPath, SetValueConfig, UseFormProps, UseFormReturn } from "react-hook-form";
import { getPath, setPath, type FormData } from "../../engine/paths";
import { loadFormKit, type FormKit } from "./formKit";

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

export function createFunnelForm(
  initial: FormData,
  options: FunnelFormOptions,
  loadKit: () => Promise<FormKit> = loadFormKit,
): FunnelFormHandle {
  let values = initial;
  let real: FunnelForm | null = null;
  let version = 0;
  const listeners = new Set<() => void>();
  const pendingErrors = new Map<string, ErrorOption>();
  // The fields a visitor left before react-hook-form came: it marks them and checks them when it does.
  const touched = new Set<string>();
  const changed = () => {
    version++;
    for (const listener of listeners) listener();
  };

  const store: Partial<FunnelForm> = {
    getValues: ((path?: string) => (path === undefined ? values : getPath(values, path))) as FunnelForm["getValues"],
    setValue: ((path: string, value: unknown, config?: SetValueConfig) => {
      values = setPath(values, path, value);
      if (config?.shouldTouch) touched.add(path);
      changed();
      // A field left asks for its check: react-hook-form comes, and checks it (and any left before) on arrival.
      if (config?.shouldValidate)
        void loadKit().then(
          (kit) => handle.upgrade(kit),
          () => undefined,
        );
    }) as FunnelForm["setValue"],
    getFieldState: ((path: string) => {
      const error = pendingErrors.get(path);
      return { invalid: Boolean(error), isDirty: false, isTouched: touched.has(path), isValidating: false, error };
    }) as unknown as FunnelForm["getFieldState"],
    getErrors: ((paths?: string | readonly string[]) =>
      paths === undefined ? {} : typeof paths === "string" ? undefined : paths.map(() => undefined)) as FunnelForm["getErrors"],
    // Validation is react-hook-form's: the first one asked for brings it in.
    trigger: (async (paths?: string | string[]) => {
      handle.upgrade(await loadKit());
      return real!.trigger(paths as never);
    }) as FunnelForm["trigger"],
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

  const handle: FunnelFormHandle = {
    form,
    upgraded: () => real,
    upgrade(kit) {
      if (real) return;
      // Without useForm: the runner reads no form state (it asks getErrors or getFieldState when it needs an error), so
      // useForm's work (re-rendering its component on every change of that state, async default values,
      // fields that unregister) is not needed. subscribe() marks the form as mounted, as useForm's first effect
      // does, so getValues reads the answers set from now on.
      const rhf = kit.createFormControl<FormData>({ ...options, defaultValues: values });
      for (const [path, error] of pendingErrors) rhf.setError(path, error);
      pendingErrors.clear();
      for (const path of touched) rhf.setValue(path, getPath(values, path), { shouldTouch: true });
      // Fields read their value, error and whether they were left from the form as the runner renders, so each
      // change of these draws the step again.
      rhf.subscribe({ formState: { values: true, errors: true, touchedFields: true }, callback: changed });
      real = rhf;
      if (touched.size) void rhf.trigger([...touched]);
      touched.clear();
    },
    subscribeValues(callback) {
      listeners.add(callback);
      return () => void listeners.delete(callback);
    },
    valuesVersion: () => version,
  };
  return handle;
}
