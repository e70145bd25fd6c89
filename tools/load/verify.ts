/**
 * After a run: what the API acknowledged against what the database holds.
 * - every claim request whose creation was acknowledged is there, once per person;
 * - every completed funnel has the claims its last answer listed, and no claim is doubled;
 * - every acknowledged CRM sync was delivered to the receiver, each event processed once.
 */
import pg from "pg";
import type { WebhookReceiver } from "../../testing/crmWebhookReceiver";
import type { FunnelRecord } from "./funnel";

export interface Verdict {
  acknowledgedClaimRequests: number;
  lostClaimRequests: number;
  /** People (emails) with more than one claim request: a create that ran twice. */
  doubledClaimRequests: number;
  /** Claim requests in the database whose creation was never acknowledged (a consumer gave up on it). */
  unacknowledgedClaimRequests: number;
  completedFunnels: number;
  completedWithWrongClaims: number;
  claims: number;
  duplicateClaims: number;
  accountsDoubled: number;
  crm: { acknowledged: number; delivered: number; lost: number; processedTwice: number; redeliveries: number; pending: number };
  ok: boolean;
}

export async function verifyRun(databaseUrl: string, record: FunnelRecord, receiver: WebhookReceiver): Promise<Verdict> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const pattern = `load.${record.runId}.%`;
    const ids = [...record.acknowledged.keys()];
    const found = await db.query<{ id: string }>("SELECT id FROM claim_requests WHERE id = ANY($1::uuid[])", [ids]);
    const byEmail = await db.query<{ email: string; n: string }>(
      "SELECT email, count(*) AS n FROM claim_requests WHERE email LIKE $1 GROUP BY email",
      [pattern],
    );
    const allRows = await db.query<{ id: string }>("SELECT id FROM claim_requests WHERE email LIKE $1", [pattern]);
    const acknowledged = new Set(ids);

    const completedIds = record.completed.map((c) => c.id);
    const claimCounts = await db.query<{ claim_request_id: string; n: string }>(
      "SELECT claim_request_id, count(*) AS n FROM claims WHERE claim_request_id = ANY($1::uuid[]) GROUP BY claim_request_id",
      [completedIds],
    );
    const countOf = new Map(claimCounts.rows.map((r) => [r.claim_request_id, Number(r.n)]));
    const wrongClaims = record.completed.filter((c) => (countOf.get(c.id) ?? 0) !== c.claims || c.claims === 0);

    const duplicates = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM (
         SELECT c.claim_request_id FROM claims c JOIN claim_requests r ON r.id = c.claim_request_id
         WHERE r.email LIKE $1
         GROUP BY c.claim_request_id, c.lender_id, c.start_date, c.source HAVING count(*) > 1
         UNION ALL
         SELECT c.claim_request_id FROM claims c JOIN claim_requests r ON r.id = c.claim_request_id
         WHERE r.email LIKE $1
         GROUP BY c.claim_request_id, c.dedupe_key HAVING count(*) > 1
       ) d`,
      [pattern],
    );
    const claims = await db.query<{ n: string }>(
      "SELECT count(*) AS n FROM claims c JOIN claim_requests r ON r.id = c.claim_request_id WHERE r.email LIKE $1",
      [pattern],
    );
    const accounts = await db.query<{ n: string }>(
      "SELECT count(*) AS n FROM (SELECT email FROM users WHERE email LIKE $1 GROUP BY email HAVING count(*) > 1) d",
      [pattern],
    );
    const pending = await db.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE delivered_at IS NULL");

    const delivered = new Map<string, number>();
    for (const r of receiver.received) {
      if (r.status !== 200) continue;
      const id = (JSON.parse(r.body) as { data: { claim_request_id: string } }).data.claim_request_id;
      delivered.set(id, (delivered.get(id) ?? 0) + 1);
    }
    const crmLost = [...record.crmSynced].filter((id) => !delivered.has(id)).length;
    const redeliveries = [...receiver.accepted.values()].reduce((sum, n) => sum + n - 1, 0);
    // Processed twice would be two different event ids of one kind for one claim request (a client created twice); a
    // redelivery of one id is dropped by its key. Other kinds (the signed letter of authority) are events of their own.
    const keysPerClaim = new Map<string, Set<string>>();
    for (const r of receiver.received) {
      if (r.status !== 200) continue;
      const id = (JSON.parse(r.body) as { data: { claim_request_id: string } }).data.claim_request_id;
      const kind = `${id}|${r.eventType ?? ""}`;
      keysPerClaim.set(kind, (keysPerClaim.get(kind) ?? new Set()).add(r.idempotencyKey));
    }
    const processedTwice = [...keysPerClaim.values()].filter((keys) => keys.size > 1).length;

    const verdict: Verdict = {
      acknowledgedClaimRequests: ids.length,
      lostClaimRequests: ids.length - found.rows.length,
      doubledClaimRequests: byEmail.rows.filter((r) => Number(r.n) > 1).length,
      unacknowledgedClaimRequests: allRows.rows.filter((r) => !acknowledged.has(r.id)).length,
      completedFunnels: record.completed.length,
      completedWithWrongClaims: wrongClaims.length,
      claims: Number(claims.rows[0].n),
      duplicateClaims: Number(duplicates.rows[0].n),
      accountsDoubled: Number(accounts.rows[0].n),
      crm: {
        acknowledged: record.crmSynced.size,
        delivered: delivered.size,
        lost: crmLost,
        processedTwice,
        redeliveries,
        pending: Number(pending.rows[0].n),
      },
      ok: false,
    };
    verdict.ok =
      verdict.lostClaimRequests === 0 &&
      verdict.doubledClaimRequests === 0 &&
      verdict.completedWithWrongClaims === 0 &&
      verdict.duplicateClaims === 0 &&
      verdict.accountsDoubled === 0 &&
      verdict.crm.lost === 0 &&
      verdict.crm.processedTwice === 0 &&
      verdict.crm.pending === 0;
    return verdict;
  } finally {
    await db.end();
  }
}
