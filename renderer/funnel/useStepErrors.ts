import { useState } from "react";
import type { SummaryItem } from "../layout/ErrorSummary";

const NO_ITEMS: SummaryItem[] = [];

export interface StepErrors {
  /** The error summary's items (Next found these fields invalid). */
  summary: SummaryItem[];
  /** The step's one message (a hook failed, something could not load). */
  stepError: string | null;
  setSummary: (items: SummaryItem[]) => void;
  setStepError: (message: string | null) => void;
  /** Gives another step its message, to show when the visitor gets there (a failure put right on that step). */
  carryTo: (stepId: string, message: string | null) => void;
}

/**
 * Errors belong to the step they were found on: a new step starts without them, with no extra render to
 * clear them.
 */
export function useStepErrors(stepId: string): StepErrors {
  const [errorsOf, setErrorsOf] = useState<{ stepId: string; summary: SummaryItem[]; stepError: string | null }>({
    stepId,
    summary: [],
    stepError: null,
  });
  const own = errorsOf.stepId === stepId;
  return {
    summary: own ? errorsOf.summary : NO_ITEMS,
    stepError: own ? errorsOf.stepError : null,
    setSummary: (items) => setErrorsOf((e) => ({ stepId, summary: items, stepError: e.stepId === stepId ? e.stepError : null })),
    setStepError: (message) => setErrorsOf((e) => ({ stepId, summary: e.stepId === stepId ? e.summary : NO_ITEMS, stepError: message })),
    carryTo: (otherStepId, message) => setErrorsOf({ stepId: otherStepId, summary: NO_ITEMS, stepError: message }),
  };
}
