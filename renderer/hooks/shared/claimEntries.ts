/** Claim entries kept in the form data. */
import { NEW_CLAIM_STATUS } from "../../../schema/api/portalClaims";
export interface ClaimEntry {
  id: string;
  lender_id: string | null;
  lender_name: string;
  lender?: { id: string; name: string };
  source: "credit-check" | "manual" | "unknown";
  amount?: number;
  status?: string;
  start_date?: string | null;
  loan_type?: string | null;
  payment_frequency?: string | null;
  claim_reference?: string | null;
  account_id?: string | null;
}

export interface ChosenLender {
  id: string;
  name: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Only lenders with UUID ids can be saved as manual claims (mock lenders have ids starting mock-). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export function asClaimList(value: unknown): ClaimEntry[] {
  return Array.isArray(value) ? (value as ClaimEntry[]) : [];
}

export function asLenderList(value: unknown): ChosenLender[] {
  return Array.isArray(value) ? (value as ChosenLender[]) : [];
}

export function manualClaims(lenders: ChosenLender[]): ClaimEntry[] {
  return lenders
    .filter((l) => isUuid(l.id))
    .map((l) => ({
      id: `manual-${l.id}`,
      lender_id: l.id,
      lender_name: l.name,
      lender: { id: l.id, name: l.name },
      source: "manual" as const,
      amount: 0,
      // A stored value, not copy: the status the server gives a new claim row.
      status: NEW_CLAIM_STATUS,
    }));
}
