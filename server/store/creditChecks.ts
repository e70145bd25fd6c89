import type { Queryable } from "../db/db";
import type { Owner } from "./claimRequests";

export interface CreditCheckRow {
  id: string;
  claim_request_id: string;
  provider: string;
  status: "success" | "partial" | "error";
  error_message: string | null;
  report: unknown;
  created_at: Date;
}

export async function insertCreditCheck(
  db: Queryable,
  input: { claimRequestId: string; provider: string; status: CreditCheckRow["status"]; errorMessage: string | null; report: unknown },
): Promise<CreditCheckRow> {
  const { rows } = await db.query<CreditCheckRow>(
    `INSERT INTO credit_checks (claim_request_id, provider, status, error_message, report)
     VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING *`,
    [input.claimRequestId, input.provider, input.status, input.errorMessage, input.report === null ? null : JSON.stringify(input.report)],
  );
  return rows[0];
}

/** A credit check, only when its claim request belongs to the caller (same rule as claim requests). */
export async function findOwnedCreditCheck(db: Queryable, id: string, owner: Owner): Promise<CreditCheckRow | null> {
  if (!owner.sessionHash && !owner.userId) return null;
  const { rows } = await db.query<CreditCheckRow>(
    `SELECT cc.* FROM credit_checks cc JOIN claim_requests cr ON cr.id = cc.claim_request_id
     WHERE cc.id = $1 AND ((cr.user_id IS NULL AND cr.funnel_session_hash = $2) OR (cr.user_id IS NOT NULL AND cr.user_id = $3))`,
    [id, owner.sessionHash ?? null, owner.userId ?? null],
  );
  return rows[0] ?? null;
}
