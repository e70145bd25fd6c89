/** The funnel-wide form: restored from the progress copy, validated per step, saved on every change. */
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { FunnelDefinition } from "../../schema/types";
import type { FormData } from "../engine/paths";
import { loadProgress, saveProgress, SAVE_FORM_DATA_EVENT } from "./progressStore";
import { stepResolver } from "./stepResolver";

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
    // watch(callback) is a subscription, made and ended in this effect; the rule warns that a compiler could not memoise it.
    // eslint-disable-next-line react-hooks/incompatible-library
    const subscription = form.watch(save);
    window.addEventListener(SAVE_FORM_DATA_EVENT, save);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener(SAVE_FORM_DATA_EVENT, save);
    };
  }, [form, brandId, funnel]);

  return form;
}
