/** The claim request record: the applicant's details and the claims with their lenders. */
import type { Queryable } from "../db/db";
import type { ClaimRequestRow } from "../store/claimRequests";
import { listClaims, toClaimEntry, type ClaimEntry } from "../store/claims";

export interface ClaimRequestRecord {
  id: string;
  claim_reference: string;
  title: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  date_of_birth: string | null;
  address: Record<string, string>;
  signature: string | null;
  crm_client_uuid: string | null;
  created_at: string;
  claims: ClaimEntry[];
}

function toRecord(row: ClaimRequestRow, claims: ClaimEntry[]): ClaimRequestRecord {
  return {
    id: row.id,
    claim_reference: row.claim_reference,
    title: row.title,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    date_of_birth: row.date_of_birth,
    address: row.address as Record<string, string>,
    signature: row.signature,
    crm_client_uuid: row.crm_client_uuid,
    created_at: new Date(row.created_at).toISOString(),
    claims,
  };
}

export async function claimRequestRecord(db: Queryable, row: ClaimRequestRow): Promise<ClaimRequestRecord> {
  const claims = await listClaims(db, [row.id]);
  return toRecord(row, claims.map(toClaimEntry));
}

export async function claimRequestRecords(db: Queryable, rows: readonly ClaimRequestRow[]): Promise<ClaimRequestRecord[]> {
  const claims = await listClaims(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toRecord(row, claims.filter((c) => c.claim_request_id === row.id).map(toClaimEntry)));
}
