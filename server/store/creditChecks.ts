import type { Queryable } from "../db/db";
import { ownedBy, ownerParams, type Owner } from "./claimRequests";

export interface CreditCheckRow {
  id: string;
  claim_request_id: string;
  provider: string;
  status: "success" | "partial" | "error";
  error_message: string | null;
  report: unknown;
  /** The eligible agreements found (ExtractedClaim[] as JSON), sealed with the data keyring; the full report is not kept. */
  agreements_sealed: string | null;
  created_at: Date;
}

export async function insertCreditCheck(
  db: Queryable,
  input: {
    claimRequestId: string;
    provider: string;
    status: CreditCheckRow["status"];
    errorMessage: string | null;
    agreementsSealed: string | null;
  },
): Promise<CreditCheckRow> {
  const { rows } = await db.query<CreditCheckRow>(
    `INSERT INTO credit_checks (claim_request_id, provider, status, error_message, agreements_sealed)
     VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [input.claimRequestId, input.provider, input.status, input.errorMessage, input.agreementsSealed],
  );
  return rows[0];
}

/** A credit check, only when its claim request belongs to the caller (same rule as claim requests). */
export async function findOwnedCreditCheck(db: Queryable, id: string, owner: Owner): Promise<CreditCheckRow | null> {
  if (!owner.sessionHash && !owner.userId) return null;
  const { rows } = await db.query<CreditCheckRow>(
    `SELECT cc.* FROM credit_checks cc JOIN claim_requests cr ON cr.id = cc.claim_request_id
     WHERE cc.id = $1 AND ${ownedBy("cr", 2, 3, 4)}`,
    [id, ...ownerParams(owner)],
  );
  return rows[0] ?? null;
}
