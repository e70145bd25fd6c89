/** The funnel-wide form: restored from the progress copy, validated per step, saved on every change. */
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { FunnelDefinition } from "../../schema/types";
import type { FormData } from "../engine/paths";
import { loadProgress, progressClears, saveProgress, SAVE_FORM_DATA_EVENT } from "./progressStore";
import { stepResolver } from "./stepResolver";
import { whenIdle } from "./schedule";

export function useFunnelForm(funnel: FunnelDefinition, brandId: string, currentPaths: () => readonly string[]) {
  const initial = useRef<FormData | null>(null);
  if (initial.current === null) initial.current = loadProgress(brandId, funnel);
  const form = useForm<FormData>({
    defaultValues: initial.current,
    mode: "onTouched",
    reValidateMode: "onChange",
    shouldUnregister: false,
    resolver: stepResolver(funnel.fields, currentPaths),
  });

  useEffect(() => {
    const save = () => saveProgress(brandId, funnel, form.getValues());
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
    // watch(callback) is a subscription, made and ended in this effect; the rule warns that a compiler could not memoise it.
    // eslint-disable-next-line react-hooks/incompatible-library
    const subscription = form.watch(saveSoon);
    window.addEventListener(SAVE_FORM_DATA_EVENT, saveNow);
    window.addEventListener("pagehide", flushPending);
    document.addEventListener("visibilitychange", flushIfHidden);
    return () => {
      subscription.unsubscribe();
      flushPending();
      window.removeEventListener(SAVE_FORM_DATA_EVENT, saveNow);
      window.removeEventListener("pagehide", flushPending);
      document.removeEventListener("visibilitychange", flushIfHidden);
    };
  }, [form, brandId, funnel]);

  return form;
}
