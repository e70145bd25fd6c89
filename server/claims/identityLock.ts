/**
 * Once a claim request is signed, the identity it was signed for (name, date of
 * birth, address) is locked: a submission that changes any of them must carry
 * a new signature, else it is refused. Pure.
 */
import { PATH_DEFAULTS } from "../../schema/contracts";
import type { ClaimRequestChanges } from "./claimRequestColumns";

const IDENTITY_COLUMNS = ["title", "first_name", "last_name", "date_of_birth"] as const;
const norm = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim().toLowerCase());

/** Whether a submission replaces the signature a claim request already had with another (both as signed, not sealed). */
export function signsAgain(storedSignature: string | null, changes: ClaimRequestChanges): boolean {
  const sent = changes.columns.signature;
  return storedSignature !== null && typeof sent === "string" && sent !== "" && sent !== storedSignature;
}

/**
 * The changes without a blank signature once the claim request is signed: a submission never unsigns it (the lock
 * would be open for the next one, which could then change the identity with no signature at all).
 */
export function keepingSignature(storedSignature: string | null, changes: ClaimRequestChanges): ClaimRequestChanges {
  const sent = changes.columns.signature;
  if (storedSignature === null || !("signature" in changes.columns) || (typeof sent === "string" && sent !== "")) return changes;
  const columns = { ...changes.columns };
  delete columns.signature;
  return { ...changes, columns };
}

export function changesSignedIdentity(
  /** The stored claim request with its signature opened: the sealed value never equals what the browser sends. */
  existing: { signature: string | null; address: Record<string, unknown> } & Record<(typeof IDENTITY_COLUMNS)[number], unknown>,
  changes: ClaimRequestChanges,
  /** The stored answers without a column: an extra address line or name part is identity too. */
  existingAnswers: Record<string, unknown> = {},
  /** The funnel's address group (schema/rules/addressGroup.ts): an extra line under it is part of the address. */
  addressGroup: string = PATH_DEFAULTS.addressGroup,
): boolean {
  const identityPrefixes = [`${addressGroup}.`, `${PATH_DEFAULTS.personalDetailsGroup}.`];
  if (!existing.signature) return false;
  if (signsAgain(existing.signature, changes)) return false;
  const columnChanged = IDENTITY_COLUMNS.some((c) => c in changes.columns && norm(changes.columns[c]) !== norm(existing[c]));
  const addressChanged = Object.entries(changes.address).some(([k, v]) => norm(v) !== norm(existing.address?.[k]));
  const answerChanged = Object.entries(changes.answers ?? {}).some(
    ([path, v]) => identityPrefixes.some((p) => path.startsWith(p)) && norm(v) !== norm(existingAnswers[path]),
  );
  return columnChanged || addressChanged || answerChanged;
}
