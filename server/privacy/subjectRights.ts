/**
 * Subject rights: everything held about a consumer (export), and erasure.
 * Used by the portal (routes/privacy.ts) for the signed-in user and by the
 * operator command (tools/subject-rights.ts) by email address.
 */
import type { DataKeyring } from "../crypto/dataEncryption";
import { openSignature } from "../crypto/sealedColumns";
import type { Db, Queryable } from "../db/db";
import { deleteUserSessions } from "../auth/sessions";
import type { ClaimRequestRow } from "../store/claimRequests";
import { listClaims, toClaimEntry } from "../store/claims";
import { normaliseEmail, type UserRow } from "../store/users";
import { listConsentEvents } from "./consentEvents";

/** The claim requests of a subject: their account's, and (by email) any that never joined an account. */
export interface Subject {
  user: UserRow | null;
  claimRequestIds: string[];
}

export async function findSubject(db: Queryable, input: { userId?: string; email?: string }): Promise<Subject> {
  const email = input.email ? normaliseEmail(input.email) : null;
  const users = await db.query<UserRow>("SELECT * FROM users WHERE id = $1 OR email = $2", [input.userId ?? null, email]);
  const user = users.rows[0] ?? null;
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM claim_requests
     WHERE erased_at IS NULL AND ((user_id IS NOT NULL AND user_id = $1) OR ($2::text IS NOT NULL AND user_id IS NULL AND lower(trim(email)) = $2))
     ORDER BY created_at`,
    [user?.id ?? null, email],
  );
  return { user, claimRequestIds: rows.map((r) => r.id) };
}

export type SignatureFile = { format: "png" | "svg"; file: string } | { format: "typed"; name: string };

/** What a stored signature is, and the file name the export gives a drawn one. */
export function describeSignature(reference: string, signature: string | null): SignatureFile | null {
  if (!signature) return null;
  if (signature.startsWith("typed:")) return { format: "typed", name: signature.slice("typed:".length) };
  const format = signature.startsWith("data:image/svg+xml") ? "svg" : "png";
  return { format, file: `signature-${reference}.${format}` };
}

/** A drawn signature's bytes from its data URL. */
export function signatureBytes(signature: string): { contentType: string; bytes: Buffer } | null {
  const match = /^data:(image\/png|image\/svg\+xml)(;base64)?,(.*)$/s.exec(signature);
  if (!match) return null;
  const bytes = match[2] ? Buffer.from(match[3], "base64") : Buffer.from(decodeURIComponent(match[3]), "utf8");
  return { contentType: match[1], bytes };
}

export interface SubjectExport {
  exported_at: string;
  account: { email: string; created_at: string } | null;
  claim_requests: Record<string, unknown>[];
  consent_events: Awaited<ReturnType<typeof listConsentEvents>>;
  credit_checks: Record<string, unknown>[];
  identity_verifications: Record<string, unknown>[];
}

export async function exportSubject(db: Queryable, keyring: DataKeyring, subject: Subject, now = new Date()): Promise<SubjectExport> {
  const ids = subject.claimRequestIds;
  const requests = await db.query<ClaimRequestRow>("SELECT * FROM claim_requests WHERE id = ANY($1::uuid[]) ORDER BY created_at", [ids]);
  const claims = (await listClaims(db, ids)).map((c) => ({ ...toClaimEntry(c), claim_request_id: c.claim_request_id }));
  const credit = await db.query<Record<string, unknown>>(
    "SELECT id, claim_request_id, provider, status, error_message, report, created_at FROM credit_checks WHERE claim_request_id = ANY($1::uuid[]) ORDER BY created_at",
    [ids],
  );
  const verifications = await db.query<Record<string, unknown>>(
    "SELECT id, claim_request_id, provider, decision, created_at, otp_verified_at FROM identity_verifications WHERE claim_request_id = ANY($1::uuid[]) ORDER BY created_at",
    [ids],
  );
  return {
    exported_at: now.toISOString(),
    account: subject.user ? { email: subject.user.email, created_at: new Date(subject.user.created_at).toISOString() } : null,
    claim_requests: requests.rows.map((row) => {
      const signature = openSignature(keyring, row.id, row.signature);
      return {
        id: row.id,
        claim_reference: row.claim_reference,
        brand_id: row.brand_id,
        funnel_version: row.funnel_version,
        title: row.title,
        first_name: row.first_name,
        last_name: row.last_name,
        date_of_birth: row.date_of_birth,
        email: row.email,
        phone_number: row.phone_number,
        address: row.address,
        had_finance: row.had_finance,
        terms_agreed: row.terms_agreed,
        signature: describeSignature(row.claim_reference, signature),
        created_at: new Date(row.created_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
        claims: claims.filter((c) => c.claim_request_id === row.id),
      };
    }),
    consent_events: await listConsentEvents(db, ids),
    credit_checks: credit.rows,
    identity_verifications: verifications.rows,
  };
}

export interface ErasureSummary {
  account: "deleted" | "none";
  sessionsEnded: number;
  claimRequestsErased: number;
  claimsKeptAnonymous: number;
  creditReportsDeleted: number;
  verificationsDeleted: number;
  outboxBodiesDropped: number;
}

async function changed(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query(`WITH changed AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM changed`, params);
  return Number((rows[0] as { n: number }).n);
}

/**
 * Erases a subject's personal data in one transaction: the claim requests keep
 * their reference, brand, funnel, dates and claims (lender, status, amount) as
 * anonymous counts and consent evidence; names, contact details, address,
 * signature, credit reports, verifications and queued message bodies go; the
 * account and every session of it are deleted.
 */
export async function eraseSubject(db: Db, subject: Subject): Promise<ErasureSummary> {
  const ids = subject.claimRequestIds;
  return db.transaction(async (tx) => {
    const sessionsEnded = subject.user
      ? Number((await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions WHERE user_id = $1", [subject.user.id])).rows[0].n)
      : 0;
    if (subject.user) await deleteUserSessions(tx, subject.user.id);
    const summary: ErasureSummary = {
      account: subject.user ? "deleted" : "none",
      sessionsEnded,
      outboxBodiesDropped: await changed(
        tx,
        `UPDATE outbox SET body = '' WHERE body <> '' AND (claim_request_id = ANY($1::uuid[]) OR EXISTS (SELECT 1 FROM unnest($1::text[]) AS i WHERE position(i IN body) > 0))`,
        [ids],
      ),
      creditReportsDeleted: await changed(tx, "UPDATE credit_checks SET report = NULL, error_message = NULL WHERE claim_request_id = ANY($1::uuid[])", [ids]),
      verificationsDeleted: await changed(tx, "DELETE FROM identity_verifications WHERE claim_request_id = ANY($1::uuid[])", [ids]),
      claimsKeptAnonymous: await changed(tx, "UPDATE claims SET account_id = NULL, updated_at = now() WHERE claim_request_id = ANY($1::uuid[])", [ids]),
      claimRequestsErased: await changed(
        tx,
        `UPDATE claim_requests SET title = NULL, first_name = NULL, last_name = NULL, date_of_birth = NULL, email = NULL,
           phone_number = NULL, address = '{}'::jsonb, signature = NULL, funnel_session_hash = 'erased', user_id = NULL,
           erased_at = now(), updated_at = now()
         WHERE id = ANY($1::uuid[])`,
        [ids],
      ),
    };
    if (subject.user) await tx.query("DELETE FROM users WHERE id = $1", [subject.user.id]);
    return summary;
  });
}
