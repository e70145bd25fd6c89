/** SQL for the outbox table (migration 011_outbox.sql). Times come from the database clock, so instances agree. */
import type { Db, Queryable } from "../db/db";

export interface OutboxMessage {
  id: string;
  topic: string;
  idempotency_key: string;
  body: string;
  /** Including the attempt now in progress. */
  attempts: number;
}

export interface NewOutboxMessage {
  topic: string;
  idempotencyKey: string;
  body: string;
  /** The claim request it is about: kept when the body is dropped, so an operator can rebuild and requeue it. */
  claimRequestId?: string;
}

/** Adds messages; one already there with the same idempotency key is left as it is. Returns how many were new. */
export async function enqueue(db: Queryable, messages: NewOutboxMessage[]): Promise<number> {
  let added = 0;
  for (const m of messages) {
    const { rows } = await db.query(
      `INSERT INTO outbox (topic, idempotency_key, body, claim_request_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [m.topic, m.idempotencyKey, m.body, m.claimRequestId ?? null],
    );
    added += rows.length;
  }
  return added;
}

/**
 * Takes up to `limit` due messages of the given topics for this worker: under
 * FOR UPDATE SKIP LOCKED (instances never wait for, or take, each other's rows)
 * it counts the attempt and moves next_attempt_at a lease ahead, then commits,
 * so the delivery itself runs outside any transaction.
 */
export async function claimDue(db: Db, topics: string[], limit: number, leaseMs: number): Promise<OutboxMessage[]> {
  if (topics.length === 0) return [];
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OutboxMessage>(
      `WITH due AS (
         SELECT id FROM outbox
         WHERE delivered_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= now() AND topic = ANY($1::text[])
         ORDER BY next_attempt_at, created_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE outbox o
       SET attempts = o.attempts + 1, next_attempt_at = now() + ($3::double precision * interval '1 millisecond')
       FROM due WHERE o.id = due.id
       RETURNING o.id, o.topic, o.idempotency_key, o.body, o.attempts`,
      [topics, limit, leaseMs],
    );
    return rows;
  });
}

/**
 * A delivered message is never sent again, so its body (the claimant's details)
 * is dropped; the row and its idempotency key stay so a repeat enqueue is still ignored.
 */
export async function markDelivered(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE outbox SET delivered_at = now(), last_error = NULL, body = '' WHERE id = $1", [id]);
}

/**
 * Schedules the next attempt after delayMs, or gives up when giveUp: the row
 * stays with its ids only (the body, the claimant's details, is dropped; an
 * operator rebuilds it from the claim request to requeue, server/commands/outbox.ts).
 */
export async function markFailed(db: Queryable, id: string, error: string, delayMs: number, giveUp: boolean): Promise<void> {
  await db.query(
    `UPDATE outbox SET last_error = $2,
       next_attempt_at = now() + ($3::double precision * interval '1 millisecond'),
       gave_up_at = CASE WHEN $4::boolean THEN now() ELSE NULL END,
       body = CASE WHEN $4::boolean THEN '' ELSE body END
     WHERE id = $1 AND delivered_at IS NULL`,
    [id, error.slice(0, 500), delayMs, giveUp],
  );
}

/** Gives back a message taken by a worker that is stopping: due at once for another instance, the attempt not counted. */
export async function releaseLease(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(
    "UPDATE outbox SET next_attempt_at = now(), attempts = GREATEST(attempts - 1, 0), last_error = $2 WHERE id = $1 AND delivered_at IS NULL",
    [id, error.slice(0, 500)],
  );
}

export interface OutboxCounts {
  pending: number;
  delivered: number;
  gaveUp: number;
}

export async function outboxCounts(db: Queryable): Promise<OutboxCounts> {
  const { rows } = await db.query<{ pending: string; delivered: string; gave_up: string }>(
    `SELECT count(*) FILTER (WHERE delivered_at IS NULL AND gave_up_at IS NULL) AS pending,
            count(*) FILTER (WHERE delivered_at IS NOT NULL) AS delivered,
            count(*) FILTER (WHERE gave_up_at IS NOT NULL) AS gave_up
     FROM outbox`,
  );
  const r = rows[0];
  return { pending: Number(r.pending), delivered: Number(r.delivered), gaveUp: Number(r.gave_up) };
}

/** A given-up delivery as an operator sees it: ids, counts and times, never the body. */
export interface GivenUpDelivery {
  id: string;
  topic: string;
  idempotency_key: string;
  claim_request_id: string | null;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  gave_up_at: Date;
}

export async function listGivenUp(db: Queryable): Promise<GivenUpDelivery[]> {
  const { rows } = await db.query<GivenUpDelivery>(
    `SELECT id, topic, idempotency_key, claim_request_id, attempts, last_error, created_at, gave_up_at
     FROM outbox WHERE gave_up_at IS NOT NULL ORDER BY gave_up_at`,
  );
  return rows;
}

/** Puts a given-up message back in the queue with a rebuilt body: due now, attempts from zero. */
export async function requeueGivenUp(db: Queryable, id: string, body: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE outbox SET body = $2, attempts = 0, gave_up_at = NULL, last_error = NULL, next_attempt_at = now()
     WHERE id = $1 AND gave_up_at IS NOT NULL RETURNING id`,
    [id, body],
  );
  return rows.length > 0;
}
