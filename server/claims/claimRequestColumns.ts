/**
 * Where each form field is stored on claim_requests: the fields with a column of their own, the
 * address keys in the address jsonb column, and every other stored field in the sealed answers
 * (claims/answers.ts), by its path. Which fields are stored at all is the definition's say
 * (isStoredField: not secret, not transient, not a password or a list).
 */
import type { FieldDefinition } from "../../schema/types";
import { getPath, isFilled, type FormData } from "../../engine/paths";
import { typedAnswer, type AnswerValue } from "./answers";

export const COLUMN_OF_FIELD = {
  hadFinance: "had_finance",
  "personalDetails.title": "title",
  "personalDetails.firstName": "first_name",
  "personalDetails.lastName": "last_name",
  "personalDetails.dateOfBirth": "date_of_birth",
  "contactDetails.email": "email",
  "contactDetails.phoneNumber": "phone_number",
  "contactDetails.isTermsPolicyAgreed": "terms_agreed",
  signature: "signature",
} as const;

export type ClaimRequestColumn = (typeof COLUMN_OF_FIELD)[keyof typeof COLUMN_OF_FIELD];
export const ADDRESS_KEYS = ["buildingName", "houseNumber", "street", "city", "county", "postcode"] as const;
export type StoredAddress = Partial<Record<(typeof ADDRESS_KEYS)[number], string>>;

export interface ClaimRequestChanges {
  columns: Partial<Record<ClaimRequestColumn, string | boolean | null>>;
  address: StoredAddress;
  /** Answers without a column, by field path; null clears one. */
  answers?: Record<string, AnswerValue | null>;
}

const addressKeyOf = (path: string) => {
  const key = path.startsWith("address.") ? path.slice("address.".length) : "";
  return (ADDRESS_KEYS as readonly string[]).includes(key) ? (key as (typeof ADDRESS_KEYS)[number]) : null;
};

/** The changes for the stored paths that were sent; blank values clear a column or an answer. */
export function toColumnChanges(fields: Record<string, FieldDefinition>, data: FormData, present: readonly string[]): ClaimRequestChanges {
  const answers: Record<string, AnswerValue | null> = {};
  const changes: ClaimRequestChanges = { columns: {}, address: {}, answers };
  for (const path of present) {
    const value = getPath(data, path);
    const addressKey = addressKeyOf(path);
    if (addressKey) {
      changes.address[addressKey] = typeof value === "string" ? value : "";
      continue;
    }
    const column = COLUMN_OF_FIELD[path as keyof typeof COLUMN_OF_FIELD];
    if (column === "terms_agreed") changes.columns[column] = value === true;
    else if (column) changes.columns[column] = isFilled(value) ? String(value) : null;
    else if (fields[path]) answers[path] = typedAnswer(fields[path], value);
  }
  return changes;
}
