/**
 * The claim-request API's bodies and answers, shared by the server (which validates requests with these schemas and
 * types its answers by them) and the browser (which imports the types only: the bundle carries no zod classic).
 */
import { z } from "zod";
import { ADDRESS_KEYS } from "../contracts";
import { STORED_FIELDS, type StoredFieldRow } from "../storedFields";

/** A claim request's (or another row's) id, as the server issues them. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const uuid = z.string().regex(UUID_PATTERN, "must be a valid id");

/** A claim as the claims API returns it, its lender named by the catalogue where it has one. */
export const claimEntrySchema = z.object({
  id: z.string(),
  lender_id: z.string().nullable(),
  lender_name: z.string(),
  lender: z.object({ id: z.string().nullable(), name: z.string() }),
  lenders: z.object({ id: z.string().nullable(), name: z.string() }),
  source: z.enum(["credit-check", "manual"]),
  amount: z.number(),
  account_id: z.string().nullable(),
  claim_reference: z.string(),
  status: z.string(),
  loan_type: z.string().nullable(),
  start_date: z.string().nullable(),
  payment_frequency: z.string().nullable(),
  credit_check_id: z.string().nullable(),
});
export type ClaimEntry = z.infer<typeof claimEntrySchema>;

const KIND_SCHEMAS = { text: z.string().nullable(), flag: z.boolean(), signature: z.string().nullable() } as const;
/** One property per stored-field column (schema/storedFields.ts): a new row there is a new property here. */
const storedColumnsShape = Object.fromEntries(STORED_FIELDS.map(({ column, kind }) => [column, KIND_SCHEMAS[kind]])) as unknown as {
  [R in StoredFieldRow as R["column"]]: (typeof KIND_SCHEMAS)[R["kind"]];
};

/** The address column: the address keys the funnel's address lookup filled in. */
export const storedAddressSchema = z.partialRecord(z.enum(ADDRESS_KEYS), z.string());

/** GET /api/claim-requests/:id (the signature opened); the portal's claim requests build on it. */
export const claimRequestRecordSchema = z.object({
  id: z.string(),
  claim_reference: z.string(),
  ...storedColumnsShape,
  address: storedAddressSchema,
  crm_client_uuid: z.string().nullable(),
  created_at: z.string(),
  claims: z.array(claimEntrySchema),
});
export type ClaimRequestRecord = z.infer<typeof claimRequestRecordSchema>;

/** POST /api/claim-requests: the form data so far, checked on the server against the funnel at the step sent. */
export const submitClaimRequestBody = z.strictObject({
  version: z.string().min(1).max(40),
  step: z.string().min(1).max(60),
  claim_request_id: uuid.nullable().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type SubmitClaimRequestBody = z.input<typeof submitClaimRequestBody>;

export interface SubmitClaimRequestAnswer {
  id: string;
  claim_reference: string;
}
/** A refused submission: the definition's messages by field path; identityLocked when a signed identity changed without a new signature. */
export interface SubmitClaimRequestRefusal {
  error: string;
  fieldErrors?: Record<string, string>;
  identityLocked?: boolean;
}
