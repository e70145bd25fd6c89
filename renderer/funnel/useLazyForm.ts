import { useEffect, useState } from "react";
import type { StepDefinition } from "../../schema/types";
import { TRY_AGAIN_MESSAGE } from "../components/ErrorBoundary";
import { stepUsesForm } from "../../engine/formSteps";
import { loadFormKit, loadedFormKit } from "../runtime/formKit";
import type { FunnelFormHandle } from "../runtime/funnelForm";

/**
 * A step with a field needs react-hook-form: it is loaded before such a step is drawn (useStepNavigation, and
 * main.tsx for the first page). A step reached otherwise before it is here (the browser's Back) shows a
 * spinner in its place until it arrives; the page and its answers stay. Returns whether the step waits for it.
 */
export function useLazyForm(step: StepDefinition, formHandle: FunnelFormHandle, onLoadFailed: (message: string) => void): boolean {
  const usesForm = stepUsesForm(step);
  if (usesForm && !formHandle.upgraded() && loadedFormKit()) formHandle.upgrade(loadedFormKit()!);
  const awaitingForm = usesForm && !formHandle.upgraded();
  const [, formArrived] = useState(0);
  useEffect(() => {
    if (!awaitingForm) return;
    let current = true;
    loadFormKit().then(
      () => current && formArrived((n) => n + 1),
      () => current && onLoadFailed(TRY_AGAIN_MESSAGE),
    );
    return () => {
      current = false;
    };
    // onLoadFailed is rebuilt each render; whether the form is awaited is what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [awaitingForm]);
  return awaitingForm;
}
