/**
 * What the step's blocks and hooks are given (runtime/runtime.ts): the funnel, the step, the form and the API,
 * the busy flag (its state is kept here), copy with its placeholders filled, and the ways on: another step, a
 * change of answer, a page outside the funnel, and Next.
 */
import { useState } from "react";
import type { FunnelDefinition, NavTarget, StepDefinition } from "../../schema/types";
import type { BrandTheme } from "../boot";
import { api } from "../api/lazyClient";
import { fillPlaceholders } from "../../engine/copy";
import { placeholderValues } from "../../engine/placeholderValues";
import type { FunnelRuntime } from "../runtime/runtime";
import type { FunnelForm } from "../runtime/funnelForm";
import { changeSearch } from "./changeReturn";
import { pressNext, type NextPress } from "./pressNext";

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
    goNext: () => pressNext({ runtime, ...nextPress() }),
  };
  return runtime;
}
