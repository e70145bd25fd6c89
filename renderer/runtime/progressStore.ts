/**
 * What the browser keeps of a funnel in progress, per brand and funnel, in
 * localStorage: only non-personal choices (radio and checkbox answers) and the
 * funnel's own state (the claim request's id, credit check status, counts).
 * Names, dates of birth, addresses, phone numbers, emails, signatures and the
 * claims found never reach browser storage: on a return visit the server gives
 * them back from the claim request this browser's funnel cookie owns
 * (ResumeGate), and they live only in memory meanwhile. Completion and sign-out
 * call clearAllProgress.
 */
import type { FunnelDefinition } from "../../schema/types";
import { getPath, setPath, type FormData } from "../../engine/paths";

export const SAVE_FORM_DATA_EVENT = "save-form-data";
const PREFIX = "claim-progress:";
/** Marks a copy written under these rules (earlier copies held personal data). */
const FORMAT_KEY = "progressFormat";
const FORMAT = 2;

/** Funnel state the hooks keep that identifies no one: ids, statuses and counts. */
export const PROGRESS_STATE_KEYS = [
  "claim_request_id",
  "crm_client_uuid",
  "creditCheckId",
  "creditCheckStatus",
  "creditCheckError",
  "claimsFound",
  "totalClaims",
  "identityVerified",
  "isNewUser",
  "kbaStatus",
  "verificationDecision",
  "verification_id",
] as const;

const HOOKS_DONE_KEY = "hooksDone";

/** Field kinds whose answers are choices among the definition's options, not facts about the person. */
const CHOICE_KINDS = new Set(["radio", "checkbox"]);

function storageKey(brandId: string, funnel: FunnelDefinition) {
  return `${PREFIX}${brandId}:${funnel.version}`;
}

/** Counts clears, so a save scheduled before one (completion, sign-out) is dropped instead of writing the copy back. */
let clears = 0;
export function progressClears(): number {
  return clears;
}

/** Data a gate loaded from the server for this page view: kept in memory only. */
const restored = new Map<string, FormData>();

export function withoutSecrets(funnel: FunnelDefinition, data: FormData): FormData {
  let clean = data;
  for (const [path, field] of Object.entries(funnel.fields)) {
    if (field.secret && getPath(clean, path) !== undefined) clean = setPath(clean, path, undefined);
  }
  return clean;
}

/** The part of the form data browser storage may hold. */
export function storableProgress(funnel: FunnelDefinition, data: FormData): FormData {
  let kept: FormData = {};
  for (const [path, field] of Object.entries(funnel.fields)) {
    const value = getPath(data, path);
    if (CHOICE_KINDS.has(field.kind) && !field.secret && value !== undefined && value !== null && value !== "")
      kept = setPath(kept, path, value);
  }
  for (const key of PROGRESS_STATE_KEYS) {
    const value = data[key];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") kept[key] = value;
  }
  // Which "once" hooks already ran (step:event:index:hook names), so a reload does not repeat them.
  const done = data[HOOKS_DONE_KEY];
  if (Array.isArray(done)) kept[HOOKS_DONE_KEY] = done.filter((d): d is string => typeof d === "string");
  return kept;
}

function readStored(brandId: string, funnel: FunnelDefinition): FormData {
  try {
    const key = storageKey(brandId, funnel);
    const raw = window.localStorage.getItem(key);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as FormData;
    // An older copy may hold personal data: drop it rather than read it.
    if (parsed[FORMAT_KEY] !== FORMAT) {
      window.localStorage.removeItem(key);
      return {};
    }
    return storableProgress(funnel, parsed);
  } catch {
    return {};
  }
}

/** The progress to start the form with: the stored choices, with what the server gave back laid over them. */
export function loadProgress(brandId: string, funnel: FunnelDefinition): FormData {
  return { ...readStored(brandId, funnel), ...restored.get(storageKey(brandId, funnel)) };
}

/** The claim request this browser was working on (its id only), when there is one to resume. */
export function storedClaimRequestId(brandId: string, funnel: FunnelDefinition): string | null {
  const id = readStored(brandId, funnel).claim_request_id;
  return typeof id === "string" && id ? id : null;
}

/** Keeps data the server gave back in memory for the form to start with. */
export function restoreProgress(brandId: string, funnel: FunnelDefinition, data: FormData): void {
  restored.set(storageKey(brandId, funnel), data);
}

export function saveProgress(brandId: string, funnel: FunnelDefinition, data: FormData): void {
  try {
    window.localStorage.setItem(storageKey(brandId, funnel), JSON.stringify({ [FORMAT_KEY]: FORMAT, ...storableProgress(funnel, data) }));
  } catch {
    // Private mode or a full quota: the funnel still works, it just cannot resume after a reload.
  }
}

export function clearProgress(brandId: string, funnel: FunnelDefinition): void {
  clears++;
  restored.delete(storageKey(brandId, funnel));
  try {
    window.localStorage.removeItem(storageKey(brandId, funnel));
  } catch {
    /* nothing to clear */
  }
}

/** After completion, sign-out or erasure: nothing of any funnel stays in this browser. */
export function clearAllProgress(): void {
  clears++;
  restored.clear();
  try {
    for (const key of Object.keys(window.localStorage)) if (key.startsWith(PREFIX)) window.localStorage.removeItem(key);
    window.sessionStorage.clear();
  } catch {
    /* nothing to clear */
  }
}
