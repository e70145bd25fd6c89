/** idempotency_keys (migration 060): one row per (route, Idempotency-Key); the retention purge removes old ones. */
import type { Queryable } from "../db/db";

export interface IdempotencyRow {
  fingerprint: string;
  owner: string | null;
  state: "in_progress" | "done";
  response: string | null;
  /** For an in-progress row: whether its lease has run out (its instance died). */
  expired: boolean;
}

/**
 * Claims the key for this request. Returns false when a row exists already. Inside a
 * transaction a concurrent claim of the same key waits here until the first commits or
 * rolls back, so two parallel submits never both run.
 */
export async function claimKey(
  db: Queryable,
  input: { route: string; key: string; fingerprint: string; owner: string | null; leaseMs?: number },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO idempotency_keys (route, key, fingerprint, owner, state, locked_until)
     VALUES ($1, $2, $3, $4, 'in_progress', CASE WHEN $5::double precision IS NULL THEN NULL ELSE now() + $5::double precision * interval '1 millisecond' END)
     ON CONFLICT (route, key) DO NOTHING RETURNING key`,
    [input.route, input.key, input.fingerprint, input.owner, input.leaseMs ?? null],
  );
  return rows.length === 1;
}

export async function findKey(db: Queryable, route: string, key: string): Promise<IdempotencyRow | null> {
  const { rows } = await db.query<IdempotencyRow>(
    `SELECT fingerprint, owner, state, response, (state = 'in_progress' AND locked_until IS NOT NULL AND locked_until < now()) AS expired
     FROM idempotency_keys WHERE route = $1 AND key = $2`,
    [route, key],
  );
  return rows[0] ?? null;
}

/** Takes over an in-progress key whose lease ran out (the instance that held it died). */
export async function takeOverExpiredKey(db: Queryable, route: string, key: string, leaseMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE idempotency_keys SET locked_until = now() + $3::double precision * interval '1 millisecond'
     WHERE route = $1 AND key = $2 AND state = 'in_progress' AND locked_until < now() RETURNING key`,
    [route, key, leaseMs],
  );
  return rows.length === 1;
}

export async function completeKey(db: Queryable, route: string, key: string, sealedResponse: string): Promise<void> {
  await db.query("UPDATE idempotency_keys SET state = 'done', response = $3, locked_until = NULL WHERE route = $1 AND key = $2", [
    route,
    key,
    sealedResponse,
  ]);
}

/** Frees a key whose call failed, so a retry runs it again. */
export async function releaseKey(db: Queryable, route: string, key: string): Promise<void> {
  await db.query("DELETE FROM idempotency_keys WHERE route = $1 AND key = $2 AND state = 'in_progress'", [route, key]);
}
