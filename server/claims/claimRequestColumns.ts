/**
 * Where each form field is stored on claim_requests. address.* fields go into
 * the address jsonb column; a defined field with no column here is not stored.
 */
import { getPath, isFilled, type FormData } from "../../renderer/engine/paths";

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
}

/** The column changes for the paths that were sent; blank values clear a column. */
export function toColumnChanges(data: FormData, present: readonly string[]): ClaimRequestChanges {
  const changes: ClaimRequestChanges = { columns: {}, address: {} };
  for (const path of present) {
    const value = getPath(data, path);
    if (path.startsWith("address.")) {
      const key = path.slice("address.".length) as (typeof ADDRESS_KEYS)[number];
      if ((ADDRESS_KEYS as readonly string[]).includes(key)) changes.address[key] = typeof value === "string" ? value : "";
      continue;
    }
    const column = COLUMN_OF_FIELD[path as keyof typeof COLUMN_OF_FIELD];
    if (!column) continue;
    if (column === "terms_agreed") changes.columns[column] = value === true;
    else changes.columns[column] = isFilled(value) ? String(value) : null;
  }
  return changes;
}
