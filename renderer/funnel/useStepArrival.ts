import { useEffect, useRef, type RefObject } from "react";
import type { FunnelDefinition, StepDefinition } from "../../schema/types";
import { preloadApiClient } from "../api/lazyClient";
import { loadLazyBlocks } from "../blocks/loadLazyBlocks";
import { FIELD_BLOCK_TYPES } from "../blocks/registry";
import type { ConditionContext } from "../../engine/conditions";
import { focusWhenPresent } from "./focusWhenPresent";
import { followingSteps } from "./followingSteps";
import { loadStepValidation } from "./loadStepValidation";
import { loadNextPress } from "./loadNextPress";
import { SAVE_FORM_DATA_EVENT } from "../runtime/progressStore";
import { runHooks } from "../machine/runHooks";
import type { EventCounter, FunnelRuntime } from "../runtime/runtime";
import { afterThisFrame, whenIdle } from "./schedule";
import { whenVisitorActs } from "./visitorActs";

export interface StepArrivalOptions {
  funnel: FunnelDefinition;
  step: StepDefinition;
  /** A step outside the visitor's flow is left at once: nothing arrives. */
  outsideFlow: boolean;
  mainRef: RefObject<HTMLElement | null>;
  runtime: FunnelRuntime;
  count: EventCounter;
  freshConditions: () => ConditionContext;
  /** What the step says when an onEnter hook fails. */
  onHookFailed: (message: string) => void;
}

/**
 * Each step start: save the progress copy, run onEnter hooks, move focus to the heading, and load what Next
 * will need.
 */
export function useStepArrival({ funnel, step, outsideFlow, mainRef, runtime, count, freshConditions, onHookFailed }: StepArrivalOptions) {
  const arrivalStep = useRef(step.id);
  const moved = useRef(false);
  useEffect(() => {
    if (outsideFlow) return;
    // The page a visitor arrives on opens at the top; they may have scrolled or started typing in the
    // server-rendered form before the script ran, and keep their place and focus.
    if (step.id !== arrivalStep.current) moved.current = true;
    const arriving = !moved.current;
    const main = mainRef.current;
    const typing = arriving && main?.contains(document.activeElement) && document.activeElement !== main;
    // Scrolling and focusing each force a layout: they wait for the next frame, so the new step is laid out once
    // (scrolled to the top before it is painted) and its heading takes focus as soon as it is on screen.
    // Focus that moved meanwhile (the error summary, the visitor's click) stays where it went.
    let stopFocusing: (() => void) | undefined;
    const focusedBefore = document.activeElement;
    const frame = afterThisFrame(() => {
      if (!arriving) window.scrollTo?.(0, 0);
      // The focus the browser dropped to the page's body meanwhile (a hidden nav bar's Next loses it) moved nowhere.
      const focusStayed = document.activeElement === focusedBefore || document.activeElement === document.body;
      if (main && !typing && focusStayed) stopFocusing = focusWhenPresent(main, ".step-heading");
    });
    // Saving the progress copy waits for the browser to be idle; nothing on screen depends on it.
    const cancelSave = whenIdle(() => window.dispatchEvent(new CustomEvent(SAVE_FORM_DATA_EVENT)));
    count("step_shown", step.id);
    void runHooks(step.onEnter, runtime, "enter", count).then((outcome) => !outcome.ok && onHookFailed(outcome.error));
    // What Next needs (the Next press's own code, validation, the HTTP client, the next step's lazy blocks;
    // react-hook-form comes the same way, useLazyForm.ts) loads while this step is read or filled in: on the page
    // a visitor arrives on, from their first action; on later steps, once it is drawn.
    let left = false;
    let cancelPrefetch: (() => void) | undefined;
    void whenVisitorActs().then(() => {
      if (left) return;
      void loadNextPress().catch(() => undefined);
      void loadStepValidation().catch(() => undefined);
      preloadApiClient();
      const following = () => {
        const steps = followingSteps(funnel, step.id, freshConditions());
        void loadLazyBlocks([...FIELD_BLOCK_TYPES, ...steps.flatMap((next) => next.blocks.map((block) => block.type))]);
        return steps;
      };
      const warm = (steps: StepDefinition[]) =>
        void import("./warmFormControls").then((m) => m.warmFormControls(m.fieldKindsOf(funnel, steps))).catch(() => undefined);
      // The visitor's first action may be the press of Next itself: no waiting then. A later step's load
      // waits until the browser is idle after drawing it. Either way the next steps' form controls are made
      // ready while the browser is idle (warmFormControls.ts).
      if (arriving) {
        const steps = following();
        cancelPrefetch = whenIdle(() => warm(steps));
      } else cancelPrefetch = whenIdle(() => warm(following()));
    });
    return () => {
      left = true;
      cancelPrefetch?.();
      frame();
      cancelSave();
      stopFocusing?.();
    };
    // runtime is rebuilt each render; the step id is what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step.id]);
}
