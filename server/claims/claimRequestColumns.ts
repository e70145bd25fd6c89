/**
 * Where each form field is stored on claim_requests: the fields with a column of their own (schema/storedFields.ts),
 * the address keys in the address jsonb column (under the funnel's address group: schema/rules/addressGroup.ts), and
 * every other stored field in the sealed answers (claims/answers.ts), by its path. Which fields are stored at all is
 * the definition's say (isStoredField: not secret, not transient, not a password or a list).
 */
import type { FunnelDefinition } from "../../schema/types";
import type { AddressKey } from "../../schema/contracts";
import { addressGroupOf, addressKeyOf } from "../../schema/rules/addressGroup";
import { storedFieldOfPath, type StoredColumn } from "../../schema/storedFields";
import { getPath, isFilled, type FormData } from "../../engine/paths";
import { typedAnswer, type AnswerValue } from "./answers";

export type ClaimRequestColumn = StoredColumn;
export type StoredAddress = Partial<Record<AddressKey, string>>;

export interface ClaimRequestChanges {
  columns: Partial<Record<ClaimRequestColumn, string | boolean | null>>;
  address: StoredAddress;
  /** Answers without a column, by field path; null clears one. */
  answers?: Record<string, AnswerValue | null>;
}

/** The changes for the stored paths that were sent; blank values clear a column or an answer. */
export function toColumnChanges(
  funnel: Pick<FunnelDefinition, "fields" | "steps">,
  data: FormData,
  present: readonly string[],
): ClaimRequestChanges {
  const { fields } = funnel;
  const addressGroup = addressGroupOf(funnel);
  const answers: Record<string, AnswerValue | null> = {};
  const changes: ClaimRequestChanges = { columns: {}, address: {}, answers };
  for (const path of present) {
    const value = getPath(data, path);
    const addressKey = addressKeyOf(path, addressGroup);
    if (addressKey) {
      changes.address[addressKey] = typeof value === "string" ? value : "";
      continue;
    }
    const stored = storedFieldOfPath(path);
    if (stored?.kind === "flag") changes.columns[stored.column] = value === true;
    else if (stored) changes.columns[stored.column] = isFilled(value) ? String(value) : null;
    else if (fields[path]) answers[path] = typedAnswer(fields[path], value);
  }
  return changes;
}
