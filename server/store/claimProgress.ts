/** Claim stages set by CRM events (migration 050): idempotent by event id, and an older event never moves a claim back. */
import type { ClaimStage } from "../../schema/content.schema";
import type { Queryable } from "../db/db";

export interface StageEvent {
  eventId: string;
  claimReference: string;
  stage: ClaimStage;
  /** Set when the CRM knows the amount offered or paid. */
  amount: number | null;
  occurredAt: Date;
}

export type StageEventOutcome =
  | { kind: "unknown-claim" }
  | { kind: "duplicate" }
  | { kind: "recorded"; applied: boolean; claimId: string; previousStage: string; stage: string; stageChanged: boolean };

/**
 * Records one event in the caller's transaction. The claim row is locked first, so two events
 * for one claim are applied one after the other; the newest `occurred_at` wins for the stage
 * and, separately, for the amount.
 */
export async function recordStageEvent(tx: Queryable, event: StageEvent): Promise<StageEventOutcome> {
  const { rows } = await tx.query<{ id: string; stage: string; stage_at: Date | null; known_amount_at: Date | null }>(
    "SELECT id, stage, stage_at, known_amount_at FROM claims WHERE claim_reference = $1 FOR UPDATE",
    [event.claimReference],
  );
  const claim = rows[0];
  if (!claim) return { kind: "unknown-claim" };
  const newerStage = !claim.stage_at || event.occurredAt.getTime() >= claim.stage_at.getTime();
  const inserted = await tx.query(
    `INSERT INTO crm_events (event_id, claim_id, stage, amount, occurred_at, applied)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [event.eventId, claim.id, event.stage, event.amount, event.occurredAt, newerStage],
  );
  if (inserted.rows.length === 0) return { kind: "duplicate" };
  if (newerStage) {
    await tx.query("UPDATE claims SET stage = $2, stage_at = $3, updated_at = now() WHERE id = $1", [
      claim.id,
      event.stage,
      event.occurredAt,
    ]);
  }
  const newerAmount = !claim.known_amount_at || event.occurredAt.getTime() >= claim.known_amount_at.getTime();
  if (event.amount !== null && newerAmount) {
    await tx.query("UPDATE claims SET known_amount = $2, known_amount_at = $3, updated_at = now() WHERE id = $1", [
      claim.id,
      event.amount,
      event.occurredAt,
    ]);
  }
  return {
    kind: "recorded",
    applied: newerStage,
    claimId: claim.id,
    previousStage: claim.stage,
    stage: newerStage ? event.stage : claim.stage,
    stageChanged: newerStage && claim.stage !== event.stage,
  };
}

export interface ClaimProgressRow {
  claim_id: string;
  stage: string;
  known_amount: string | null;
  /** When each stage was first reached, by the CRM's clock (only stages the CRM reported). */
  reached: Record<string, string>;
}

/** The stage, amount and stage history of the given claims. */
export async function listClaimProgress(db: Queryable, claimIds: readonly string[]): Promise<ClaimProgressRow[]> {
  if (claimIds.length === 0) return [];
  const { rows } = await db.query<{
    claim_id: string;
    stage: string;
    known_amount: string | null;
    event_stage: string | null;
    first_at: Date | null;
  }>(
    `SELECT c.id AS claim_id, c.stage, c.known_amount, e.stage AS event_stage, min(e.occurred_at) AS first_at
     FROM claims c LEFT JOIN crm_events e ON e.claim_id = c.id
     WHERE c.id = ANY($1::uuid[])
     GROUP BY c.id, c.stage, c.known_amount, e.stage`,
    [claimIds],
  );
  const byClaim = new Map<string, ClaimProgressRow>();
  for (const row of rows) {
    const entry = byClaim.get(row.claim_id) ?? { claim_id: row.claim_id, stage: row.stage, known_amount: row.known_amount, reached: {} };
    if (row.event_stage && row.first_at) entry.reached[row.event_stage] = new Date(row.first_at).toISOString();
    byClaim.set(row.claim_id, entry);
  }
  return [...byClaim.values()];
}

/** Who to tell about a claim: the account's email (else the claim request's), and the brand. */
export async function claimContact(
  db: Queryable,
  claimId: string,
): Promise<{ email: string | null; brandId: string; lenderName: string; claimReference: string; language: string | null } | null> {
  const { rows } = await db.query<{
    email: string | null;
    brand_id: string;
    lender_name: string;
    claim_reference: string;
    language: string | null;
  }>(
    `SELECT coalesce(u.email, r.email) AS email, r.brand_id, coalesce(l.name, c.lender_name) AS lender_name, c.claim_reference,
       coalesce(u.language, r.language) AS language
     FROM claims c JOIN claim_requests r ON r.id = c.claim_request_id
     LEFT JOIN users u ON u.id = r.user_id LEFT JOIN lenders l ON l.id = c.lender_id
     WHERE c.id = $1`,
    [claimId],
  );
  const row = rows[0];
  return row
    ? { email: row.email, brandId: row.brand_id, lenderName: row.lender_name, claimReference: row.claim_reference, language: row.language }
    : null;
}
