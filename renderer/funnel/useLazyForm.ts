import { useEffect, useState } from "react";
import type { StepDefinition } from "../../schema/types";
import { tryAgainMessage } from "../components/ErrorBoundary";
import { stepNeedsFormKit } from "../../engine/formSteps";
import { loadFormKit, loadedFormKit } from "../runtime/formKit";
import type { FunnelFormHandle } from "../runtime/funnelForm";
import { whenVisitorActs } from "./visitorActs";

/**
 * The funnel form moves to react-hook-form in the first render after it has loaded. It loads at the visitor's
 * first action (a step of fields is drawn and typed into before it), or at once for a step with a block that
 * needs it to be drawn: such a step, reached before it is here (the browser's Back), shows a spinner in its
 * place until it arrives; the page and its answers stay. Returns whether the step waits for it.
 */
export function useLazyForm(step: StepDefinition, formHandle: FunnelFormHandle, onLoadFailed: (message: string) => void): boolean {
  if (!formHandle.upgraded() && loadedFormKit()) formHandle.upgrade(loadedFormKit()!);
  const upgraded = Boolean(formHandle.upgraded());
  const awaitingForm = stepNeedsFormKit(step) && !upgraded;
  const [, formArrived] = useState(0);
  useEffect(() => {
    if (upgraded) return;
    let current = true;
    const arrived = awaitingForm ? loadFormKit() : whenVisitorActs().then(loadFormKit);
    arrived.then(
      () => current && formArrived((n) => n + 1),
      // A step that can be drawn without it asks again at the first validation.
      () => current && awaitingForm && onLoadFailed(tryAgainMessage()),
    );
    return () => {
      current = false;
    };
    // onLoadFailed is rebuilt each render; whether the form is awaited is what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [awaitingForm, upgraded]);
  return awaitingForm;
}
