/**
 * What the step's blocks and hooks are given (runtime/runtime.ts): the funnel, the step, the form and the API,
 * the busy flag (its state is kept here), copy with its placeholders filled, and the ways on: another step, a
 * change of answer, a page outside the funnel, and Next.
 */
import { useRef, useState } from "react";
import type { FunnelDefinition, NavTarget, StepDefinition } from "../../schema/types";
import type { BrandTheme } from "../boot";
import { api } from "../api/lazyClient";
import { fillPlaceholders } from "../../engine/copy";
import { placeholderValues } from "../../engine/placeholderValues";
import type { FunnelRuntime } from "../runtime/runtime";
import type { FunnelForm } from "../runtime/funnelForm";
import { useLatestRef } from "../runtime/useLatestRef";
import { changeSearch } from "./changeReturn";
import { tryAgainMessage } from "../components/ErrorBoundary";
import { loadNextPress, loadedNextPress } from "./loadNextPress";
import type { NextPress } from "./pressNext";

export interface StepRuntimeOptions {
  funnel: FunnelDefinition;
  step: StepDefinition;
  brand: BrandTheme;
  query: URLSearchParams;
  form: FunnelForm;
  mountPath: string;
  /** The address's query string. */
  search: string;
  go: (target: NavTarget | null, search?: string) => Promise<void>;
  /** What Next needs besides the runtime, gathered when it is pressed (pressNext.ts). */
  nextPress: () => Omit<NextPress, "runtime">;
}

export function useStepRuntime({ funnel, step, brand, query, form, mountPath, search, go, nextPress }: StepRuntimeOptions): FunnelRuntime {
  const [busy, setBusy] = useState(false);
  // Presses of Next before their code is here are one press, the last: it runs when the code arrives, unless the
  // visitor has gone to another step meanwhile (the browser's Back).
  const waitingPress = useRef<NextPress | null>(null);
  const codeArrives = useRef<Promise<void> | null>(null);
  const shownStep = useLatestRef(step.id);
  // Most copy has no {placeholder}: it is returned as it is, without gathering the values.
  const fill = (text: string) =>
    text.includes("{") ? fillPlaceholders(text, placeholderValues(brand.placeholders, form.getValues(), funnel.placeholderFields)) : text;

  const runtime: FunnelRuntime = {
    ...{ funnel, step, brand, query, form, api, busy, setBusy, fill },
    getData: () => form.getValues(),
    setValue: (path, value) => form.setValue(path, value, { shouldDirty: true, shouldValidate: form.getFieldState(path).isTouched }),
    goTo: (href) => window.location.assign(href),
    goToStep: (stepId) => void go({ step: stepId }),
    stepHref: (stepId, returnTo) => `/claim/${mountPath}/${stepId}${changeSearch(search, returnTo)}`,
    changeAnswer: (stepId) => void go({ step: stepId }, changeSearch(search, step.id)),
    goNext: () => {
      const press = { runtime, ...nextPress() };
      const code = loadedNextPress();
      // Mostly the code is here (it loads from the visitor's first action): the press runs now, with no wait added.
      if (code) return code.pressNext(press);
      waitingPress.current = press;
      const pressed = () => {
        const last = waitingPress.current;
        waitingPress.current = codeArrives.current = null;
        return last && shownStep.current === last.runtime.step.id ? last : null;
      };
      return (codeArrives.current ??= loadNextPress().then(
        (loaded) => {
          const last = pressed();
          if (last) return loaded.pressNext(last);
        },
        // The code could not be loaded (the connection dropped): the step stays, says so, and the next press tries again.
        () => pressed()?.errors.setStepError(tryAgainMessage()),
      ));
    },
  };
  return runtime;
}
