/**
 * The fields a claim request keeps in a column of its own: one row per field, read by everything that moves a
 * stored answer (saving a submission, the stored claim as form data, the claim-request record the browser gets,
 * the subject-rights export and erasure). A new row needs its column in a migration and nothing else.
 * Every other stored field is kept by path in the sealed answers; the address keys sit in the address column
 * under the funnel's address group (rules/addressGroup.ts).
 */

/** How a column holds its value: text (null when blank), a flag (never null, false when not given), a signature (sealed at rest). */
export type StoredFieldKind = "text" | "flag" | "signature";

export interface StoredField {
  /** The field's path in the form data. */
  path: string;
  /** Its column on claim_requests. */
  column: string;
  kind: StoredFieldKind;
  /** Personal data: erasure clears it. What is kept is consent evidence or says nothing of the person. */
  personal: boolean;
}

export const STORED_FIELDS = [
  { path: "hadFinance", column: "had_finance", kind: "text", personal: false },
  { path: "personalDetails.title", column: "title", kind: "text", personal: true },
  { path: "personalDetails.firstName", column: "first_name", kind: "text", personal: true },
  { path: "personalDetails.lastName", column: "last_name", kind: "text", personal: true },
  { path: "personalDetails.dateOfBirth", column: "date_of_birth", kind: "text", personal: true },
  { path: "contactDetails.email", column: "email", kind: "text", personal: true },
  { path: "contactDetails.phoneNumber", column: "phone_number", kind: "text", personal: true },
  { path: "contactDetails.isTermsPolicyAgreed", column: "terms_agreed", kind: "flag", personal: false },
  { path: "signature", column: "signature", kind: "signature", personal: true },
] as const satisfies readonly StoredField[];

type Row = (typeof STORED_FIELDS)[number];
export type StoredFieldRow = Row;
export type StoredColumn = Row["column"];
export type StoredFieldPath = Row["path"];

interface KindValue {
  text: string | null;
  flag: boolean;
  signature: string | null;
}
/** The stored columns with the type each kind holds. */
export type StoredColumnValues = { [R in Row as R["column"]]: KindValue[R["kind"]] };

const BY_PATH: ReadonlyMap<string, Row> = new Map(STORED_FIELDS.map((row) => [row.path, row]));

/** The row of a field path with a column of its own, if it has one. */
export const storedFieldOfPath = (path: string): Row | undefined => BY_PATH.get(path);

const BY_COLUMN: ReadonlyMap<string, Row> = new Map(STORED_FIELDS.map((row) => [row.column, row]));

/** The field path a column holds (the portal's phone and email changes check it with that field's rules). */
export const pathOfColumn = (column: StoredColumn): StoredFieldPath => BY_COLUMN.get(column)!.path;

export const STORED_COLUMNS: readonly StoredColumn[] = STORED_FIELDS.map((row) => row.column);

/** The stored-field columns of a row, as the claim-request record and the export carry them. */
export function storedColumnsOf(row: StoredColumnValues): StoredColumnValues {
  return Object.fromEntries(STORED_FIELDS.map(({ column }) => [column, row[column]])) as StoredColumnValues;
}

/** What erasure leaves in each personal column: a flag goes back to false (its column holds no null), the rest to null. */
export const ERASED_COLUMNS: readonly { column: StoredColumn; value: boolean | null }[] = STORED_FIELDS.filter((row) => row.personal).map(
  (row) => ({ column: row.column, value: (row.kind as StoredFieldKind) === "flag" ? false : null }),
);
