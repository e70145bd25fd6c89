/**
 * The browser's progress copy: form data per brand and funnel in localStorage,
 * so a reload resumes where the visitor was. Secret fields (passwords) are
 * never written.
 */
import type { FunnelDefinition } from "../../schema/types";
import { getPath, setPath, type FormData } from "../engine/paths";

export const SAVE_FORM_DATA_EVENT = "save-form-data";

function storageKey(brandId: string, funnel: FunnelDefinition) {
  return `claim-progress:${brandId}:${funnel.version}`;
}

export function withoutSecrets(funnel: FunnelDefinition, data: FormData): FormData {
  let clean = data;
  for (const [path, field] of Object.entries(funnel.fields)) {
    if (field.secret && getPath(clean, path) !== undefined) clean = setPath(clean, path, undefined);
  }
  return clean;
}

export function loadProgress(brandId: string, funnel: FunnelDefinition): FormData {
  try {
    const raw = window.localStorage.getItem(storageKey(brandId, funnel));
    return raw ? (JSON.parse(raw) as FormData) : {};
  } catch {
    return {};
  }
}

export function saveProgress(brandId: string, funnel: FunnelDefinition, data: FormData): void {
  try {
    window.localStorage.setItem(storageKey(brandId, funnel), JSON.stringify(withoutSecrets(funnel, data)));
  } catch {
    // Private mode or a full quota: the funnel still works, it just cannot resume after a reload.
  }
}

export function clearProgress(brandId: string, funnel: FunnelDefinition): void {
  try {
    window.localStorage.removeItem(storageKey(brandId, funnel));
  } catch {
    /* nothing to clear */
  }
}
