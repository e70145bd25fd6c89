/** The claim request record (schema/api/claimRequests.ts): the stored-field columns, the address and the claims with their lenders. */
import type { ClaimEntry, ClaimRequestRecord } from "../../schema/api/claimRequests";
import { storedColumnsOf } from "../../schema/storedFields";
import type { Queryable } from "../db/db";
import type { ClaimRequestRow } from "../store/claimRequests";
import { listClaims, toClaimEntry } from "../store/claims";

export type { ClaimRequestRecord };

function toRecord(row: ClaimRequestRow, claims: ClaimEntry[]): ClaimRequestRecord {
  return {
    id: row.id,
    claim_reference: row.claim_reference,
    ...storedColumnsOf(row),
    address: row.address,
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
