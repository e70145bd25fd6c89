/**
 * The funnel-wide form: restored from the progress copy, validated per step, saved on every change. It starts
 * as a store of the answers and moves to react-hook-form when a step needs it (runtime/funnelForm.ts).
 */
import { useEffect, useState } from "react";
import type { FunnelDefinition } from "../../schema/types";
import { loadProgress, progressClears, saveProgress, SAVE_FORM_DATA_EVENT } from "../runtime/progressStore";
import { stepResolver } from "./stepResolver";
import { whenIdle } from "./schedule";
import { createFunnelForm, type FunnelFormHandle } from "../runtime/funnelForm";

export function useFunnelForm(funnel: FunnelDefinition, brandId: string, currentPaths: () => readonly string[]): FunnelFormHandle {
  const [handle] = useState(() =>
    createFunnelForm(loadProgress(brandId, funnel), {
      mode: "onTouched",
      reValidateMode: "onChange",
      shouldUnregister: false,
      resolver: stepResolver(funnel.fields, currentPaths),
    }),
  );
  useEffect(() => {
    const save = () => saveProgress(brandId, funnel, handle.form.getValues());
    // A change is saved when the browser is idle (one save for a burst of typing), and at once when the
    // page is hidden or left with a change still unsaved, so a reload finds it.
    let cancelPending: (() => void) | null = null;
    let scheduledAfterClears = 0;
    const saveSoon = () => {
      if (cancelPending) return;
      scheduledAfterClears = progressClears();
      cancelPending = whenIdle(() => {
        cancelPending = null;
        if (progressClears() === scheduledAfterClears) save();
      });
    };
    const saveNow = () => {
      const pendingSurvivesClears = !cancelPending || progressClears() === scheduledAfterClears;
      cancelPending?.();
      cancelPending = null;
      if (pendingSurvivesClears) save();
    };
    const flushPending = () => cancelPending && saveNow();
    const flushIfHidden = () => document.visibilityState === "hidden" && flushPending();
    const unsubscribe = handle.subscribeValues(saveSoon);
    window.addEventListener(SAVE_FORM_DATA_EVENT, saveNow);
    window.addEventListener("pagehide", flushPending);
    document.addEventListener("visibilitychange", flushIfHidden);
    return () => {
      unsubscribe();
      flushPending();
      window.removeEventListener(SAVE_FORM_DATA_EVENT, saveNow);
      window.removeEventListener("pagehide", flushPending);
      document.removeEventListener("visibilitychange", flushIfHidden);
    };
  }, [handle, brandId, funnel]);

  return handle;
}
