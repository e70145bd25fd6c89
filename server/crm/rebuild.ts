/**
 * A given-up delivery keeps only ids (its body, the claimant's details, is
 * dropped). To requeue it, the body is built again from the claim request as
 * it is now, and must carry the same idempotency key, so a receiver that did
 * get the first attempt drops the repeat.
 */
import type { Queryable } from "../db/db";
import { clientCreatedEvent, CRM_WEBHOOK_TOPIC } from "../providers/crm/webhook";
import { crmClientInput, type CrmClientSource } from "./clientInput";
import { findClaimRequestById } from "../store/claimRequests";
import type { GivenUpDelivery } from "../outbox/store";

export type Rebuilt = { ok: true; body: string } | { ok: false; reason: string };

export async function rebuildBody(db: Queryable, source: CrmClientSource, delivery: GivenUpDelivery, now = new Date()): Promise<Rebuilt> {
  if (delivery.topic !== CRM_WEBHOOK_TOPIC) return { ok: false, reason: `no rebuild for topic ${delivery.topic}` };
  if (!delivery.claim_request_id) return { ok: false, reason: "no claim request recorded" };
  const row = await findClaimRequestById(db, delivery.claim_request_id);
  if (!row) return { ok: false, reason: "claim request deleted" };
  const erased = await db.query("SELECT 1 FROM claim_requests WHERE id = $1 AND erased_at IS NOT NULL", [row.id]);
  if (erased.rows.length) return { ok: false, reason: "claim request erased" };
  const event = clientCreatedEvent(crmClientInput(source, row, row.brand_id), now);
  if (event.id !== delivery.idempotency_key) return { ok: false, reason: "rebuilt event has another idempotency key" };
  return { ok: true, body: JSON.stringify(event) };
}
