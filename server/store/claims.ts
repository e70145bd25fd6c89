/** claims: saved once per (claim request, dedupe key); repeated saves update instead of duplicating. */
import type { Queryable } from "../db/db";
import type { ClaimEntry } from "../../schema/api/claimRequests";

export interface ClaimRow {
  id: string;
  claim_request_id: string;
  lender_id: string | null;
  lender_name: string;
  catalogue_name: string | null;
  source: "credit-check" | "manual";
  amount: string;
  status: string;
  loan_type: string | null;
  start_date: string | null;
  payment_frequency: string | null;
  account_id: string | null;
  claim_reference: string;
  credit_check_id: string | null;
  created_at: Date;
}

/** A claim entry as the claims API returns it (schema/api/claimRequests.ts). */
export type { ClaimEntry };

export interface NewClaim {
  lender_id: string | null;
  lender_name: string;
  source: "credit-check" | "manual";
  loan_type: string | null;
  start_date: string | null;
  payment_frequency: string | null;
  account_id: string | null;
  credit_check_id: string | null;
  dedupe_key: string;
}

export function toClaimEntry(row: ClaimRow): ClaimEntry {
  const name = row.catalogue_name ?? row.lender_name;
  const lender = { id: row.lender_id, name };
  return {
    id: row.id,
    lender_id: row.lender_id,
    lender_name: name,
    lender,
    lenders: lender,
    source: row.source,
    amount: Number(row.amount),
    account_id: row.account_id,
    claim_reference: row.claim_reference,
    status: row.status,
    loan_type: row.loan_type,
    start_date: row.start_date,
    payment_frequency: row.payment_frequency,
    credit_check_id: row.credit_check_id,
  };
}

const SELECT = `SELECT c.id, c.claim_request_id, c.lender_id, c.lender_name, l.name AS catalogue_name, c.source, c.amount,
  c.status, c.loan_type, c.start_date, c.payment_frequency, c.account_id, c.claim_reference, c.credit_check_id, c.created_at
  FROM claims c LEFT JOIN lenders l ON l.id = c.lender_id`;

export async function listClaims(db: Queryable, claimRequestIds: readonly string[]): Promise<ClaimRow[]> {
  if (claimRequestIds.length === 0) return [];
  const { rows } = await db.query<ClaimRow>(
    `${SELECT} WHERE c.claim_request_id = ANY($1::uuid[]) ORDER BY c.start_date NULLS LAST, c.created_at, c.claim_reference`,
    [claimRequestIds],
  );
  return rows;
}

/**
 * Saves claims for one claim request. The caller holds the claim request row
 * locked (SELECT … FOR UPDATE), so reference numbers are allocated one at a
 * time. A manual pick of a lender that already has a claim adds nothing.
 */
export async function saveClaims(tx: Queryable, claimRequestId: string, requestReference: string, claims: readonly NewClaim[]) {
  const { rows: existing } = await tx.query<{
    dedupe_key: string;
    lender_id: string | null;
    credit_check_id: string | null;
    n: number | null;
  }>(
    `SELECT dedupe_key, lender_id, credit_check_id, substring(claim_reference from '-(\\d+)$')::int AS n FROM claims WHERE claim_request_id = $1`,
    [claimRequestId],
  );
  const keys = new Set(existing.map((r) => r.dedupe_key));
  // Saving the claims a credit search has just saved names the same check: nothing to write (a round trip each).
  const checkOf = new Map(existing.map((r) => [r.dedupe_key, r.credit_check_id]));
  const lenders = new Set(existing.map((r) => r.lender_id).filter(Boolean));
  let next = existing.reduce((max, r) => Math.max(max, r.n ?? 0), 0) + 1;
  const inserts: unknown[][] = [];
  for (const claim of claims) {
    if (keys.has(claim.dedupe_key)) {
      if (claim.credit_check_id && claim.credit_check_id !== checkOf.get(claim.dedupe_key)) {
        await tx.query("UPDATE claims SET credit_check_id = $3, updated_at = now() WHERE claim_request_id = $1 AND dedupe_key = $2", [
          claimRequestId,
          claim.dedupe_key,
          claim.credit_check_id,
        ]);
      }
      continue;
    }
    if (claim.source === "manual" && claim.lender_id && lenders.has(claim.lender_id)) continue;
    const reference = `${requestReference}-${String(next++).padStart(2, "0")}`;
    inserts.push([
      claimRequestId,
      claim.lender_id,
      claim.lender_name,
      claim.source,
      claim.loan_type,
      claim.start_date,
      claim.payment_frequency,
      claim.account_id,
      claim.credit_check_id,
      claim.dedupe_key,
      reference,
    ]);
    keys.add(claim.dedupe_key);
    if (claim.lender_id) lenders.add(claim.lender_id);
  }
  if (inserts.length === 0) return;
  // One statement for every new claim: each round trip is spent while the claim request's row is locked.
  const width = inserts[0].length;
  const rows = inserts.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(", ")})`);
  await tx.query(
    `INSERT INTO claims (claim_request_id, lender_id, lender_name, source, loan_type, start_date, payment_frequency,
       account_id, credit_check_id, dedupe_key, claim_reference)
     VALUES ${rows.join(", ")}
     ON CONFLICT (claim_request_id, dedupe_key) DO NOTHING`,
    inserts.flat(),
  );
}
