/**
 * Subject rights: everything held about a consumer (export), and erasure.
 * Used by the portal (routes/privacy.ts) for the signed-in user and by the
 * operator command (server/commands/subjectRights.ts) by email address.
 */
import { ERASED_COLUMNS, STORED_FIELDS } from "../schema/storedFields";
import { openAnswers } from "./claims/answers";
import type { DataKeyring } from "./crypto/dataEncryption";
import { storedAgreements } from "./credit/search";
import { openSignature } from "./crypto/sealedColumns";
import type { Db, Queryable } from "./db/db";
import { deleteUserSessions } from "./auth/sessions";
import { accountSignInLimitKey } from "./http/rateLimits";
import { maskPayoutAccount } from "./portal/payoutAccount";
import type { ClaimRequestRow } from "./store/claimRequests";
import { listClaims, toClaimEntry } from "./store/claims";
import { normaliseEmail, type UserRow } from "./store/users";
import { enqueue } from "./outbox/store";
import { listConsentEvents } from "./privacy/consentEvents";
import { listClaimDocuments } from "./documents/claimDocuments";
import { crmErasureMessages, type CrmErasureTarget } from "./privacy/crmErasure";

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

export interface SubjectExport {
  exported_at: string;
  account: { email: string; email_verified_at: string | null; created_at: string } | null;
  /** Masked: enough to recognise the account, never the full numbers. */
  payout_account: { sort_code: string; account_number: string; updated_at: string } | null;
  /** Changes asked for and not yet confirmed with their code (what the change is stays sealed). */
  pending_confirmations: { purpose: string; created_at: string; expires_at: string }[];
  claim_requests: Record<string, unknown>[];
  consent_events: Awaited<ReturnType<typeof listConsentEvents>>;
  credit_checks: Record<string, unknown>[];
  identity_verifications: Record<string, unknown>[];
  kba_attempts: Record<string, unknown>[];
}

export async function exportSubject(db: Queryable, keyring: DataKeyring, subject: Subject, now = new Date()): Promise<SubjectExport> {
  const ids = subject.claimRequestIds;
  const requests = await db.query<ClaimRequestRow>("SELECT * FROM claim_requests WHERE id = ANY($1::uuid[]) ORDER BY created_at", [ids]);
  const claims = (await listClaims(db, ids)).map((c) => ({ ...toClaimEntry(c), claim_request_id: c.claim_request_id }));
  const credit = await db.query<{
    id: string;
    claim_request_id: string;
    provider: string;
    status: string;
    error_message: string | null;
    agreements_sealed: string | null;
    created_at: Date;
  }>(
    "SELECT id, claim_request_id, provider, status, error_message, agreements_sealed, created_at FROM credit_checks WHERE claim_request_id = ANY($1::uuid[]) ORDER BY created_at",
    [ids],
  );
  const kba = await db.query<Record<string, unknown>>(
    "SELECT claim_request_id, status, created_at FROM kba_attempts WHERE claim_request_id = ANY($1::uuid[]) ORDER BY created_at",
    [ids],
  );
  const userId = subject.user?.id ?? null;
  const payout = await db.query<{ sort_code_last2: string; account_number_last4: string; updated_at: Date }>(
    "SELECT sort_code_last2, account_number_last4, updated_at FROM payout_accounts WHERE user_id = $1",
    [userId],
  );
  const pending = await db.query<{ purpose: string; created_at: Date; expires_at: Date }>(
    "SELECT purpose, created_at, expires_at FROM pending_confirmations WHERE user_id = $1 ORDER BY created_at",
    [userId],
  );
  const iso = (value: Date | string) => new Date(value).toISOString();
  const verifications = await db.query<Record<string, unknown>>(
    "SELECT id, claim_request_id, provider, decision, created_at, otp_verified_at FROM identity_verifications WHERE claim_request_id = ANY($1::uuid[]) ORDER BY created_at",
    [ids],
  );
  const documents = await listClaimDocuments(db, requests.rows);
  return {
    exported_at: now.toISOString(),
    account: subject.user
      ? {
          email: subject.user.email,
          email_verified_at: subject.user.email_verified_at ? iso(subject.user.email_verified_at) : null,
          created_at: iso(subject.user.created_at),
        }
      : null,
    payout_account: payout.rows[0]
      ? {
          ...maskPayoutAccount(payout.rows[0].sort_code_last2, payout.rows[0].account_number_last4),
          updated_at: iso(payout.rows[0].updated_at),
        }
      : null,
    pending_confirmations: pending.rows.map((r) => ({ purpose: r.purpose, created_at: iso(r.created_at), expires_at: iso(r.expires_at) })),
    claim_requests: requests.rows.map((row) => {
      // Every stored-field column (schema/storedFields.ts); a signature is described, its drawing a download of its own.
      const columns = Object.fromEntries(
        STORED_FIELDS.map(({ column, kind }) => [
          column,
          kind === "signature" ? describeSignature(row.claim_reference, openSignature(keyring, row.id, row[column])) : row[column],
        ]),
      );
      return {
        id: row.id,
        claim_reference: row.claim_reference,
        brand_id: row.brand_id,
        funnel_version: row.funnel_version,
        ...columns,
        address: row.address,
        // The other answers the funnel collected, by field path.
        answers: openAnswers(keyring, row.id, row.answers_sealed),
        created_at: new Date(row.created_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
        claims: claims.filter((c) => c.claim_request_id === row.id),
        // The stored PDFs (the signed letter of authority, the summary document), each downloadable from the portal.
        documents: documents
          .filter((d) => d.claim_request_id === row.id)
          .map(({ kind, file, sha256, created_at }) => ({ kind, file, sha256, created_at })),
      };
    }),
    consent_events: await listConsentEvents(db, ids),
    // The agreements found, decrypted: the only part of the credit report that is kept.
    credit_checks: credit.rows.map(({ agreements_sealed, ...check }) => ({
      ...check,
      agreements: storedAgreements({ dataKeyring: keyring }, { agreements_sealed, claim_request_id: check.claim_request_id }),
    })),
    identity_verifications: verifications.rows,
    kba_attempts: kba.rows,
  };
}

export interface ErasureSummary {
  account: "deleted" | "none";
  /** Signed-in sessions of the account, and affiliate-link sessions scoped to its claim requests. */
  sessionsEnded: number;
  funnelSessionsEnded: number;
  claimRequestsErased: number;
  claimsKeptAnonymous: number;
  creditReportsDeleted: number;
  verificationsDeleted: number;
  kbaAttemptsDeleted: number;
  /** The stored letters of authority and summary documents (documents/claimDocuments.ts). */
  documentsDeleted: number;
  /** Account-setup email codes (auth/claimEmailProof.ts). */
  emailCodesDeleted: number;
  payoutAccountsDeleted: number;
  pendingConfirmationsDeleted: number;
  emailVerificationsDeleted: number;
  idempotencyKeysDeleted: number;
  outboxBodiesDropped: number;
  /** "Client erased" messages queued for the CRM (crmErasure.ts). */
  crmErasuresQueued: number;
}

async function changed(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query(`WITH changed AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM changed`, params);
  return Number((rows[0] as { n: number }).n);
}

/**
 * Erases a subject's personal data in one transaction: the claim requests keep
 * their reference, brand, funnel, dates and claims (lender, status, stage,
 * amount, and the CRM's stage history) as anonymous counts and consent
 * evidence; names, contact details, address, signature, the stored letter of
 * authority and summary document, the agreements found by credit checks, verifications, KBA attempts, queued message bodies and the
 * answers kept for retries go; the account goes with its sessions, payout
 * account, pending changes, email verifications and sign-in counter. The CRM
 * is told, in the same transaction, through the outbox (crmErasure.ts).
 */
export async function eraseSubject(db: Db, subject: Subject, crm: CrmErasureTarget): Promise<ErasureSummary> {
  const ids = subject.claimRequestIds;
  const user = subject.user;
  // The personal stored-field columns (schema/storedFields.ts), then the rest of what identifies the person.
  const erasedColumns = ERASED_COLUMNS.map(({ column, value }) => `${column} = ${value === null ? "NULL" : String(value)}`).join(", ");
  return db.transaction(async (tx) => {
    const requests = await tx.query<{
      id: string;
      brand_id: string;
      crm_client_uuid: string | null;
      funnel_session_hash: string;
      email: string | null;
    }>("SELECT id, brand_id, crm_client_uuid, funnel_session_hash, email FROM claim_requests WHERE id = ANY($1::uuid[])", [ids]);
    const funnelHashes = [...new Set(requests.rows.map((r) => r.funnel_session_hash).filter((h) => h && h !== "erased"))];
    const emails = [...new Set([user?.email, ...requests.rows.map((r) => r.email)].filter((e): e is string => !!e))];
    const sessionsOfUser = user
      ? Number((await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions WHERE user_id = $1", [user.id])).rows[0].n)
      : 0;
    if (user) await deleteUserSessions(tx, user.id);
    const scopedSessions = await changed(tx, "DELETE FROM sessions WHERE claim_request_id = ANY($1::uuid[])", [ids]);
    const owners = [...(user ? [`user:${user.id}`] : []), ...funnelHashes.map((h) => `session:${h}`)];
    await tx.query("DELETE FROM rate_limits WHERE key = ANY($1::text[])", [emails.map(accountSignInLimitKey)]);
    const summary: ErasureSummary = {
      account: user ? "deleted" : "none",
      sessionsEnded: sessionsOfUser + scopedSessions,
      funnelSessionsEnded: await changed(tx, "DELETE FROM funnel_sessions WHERE token_hash = ANY($1::text[])", [funnelHashes]),
      outboxBodiesDropped: await changed(
        tx,
        `UPDATE outbox SET body = '' WHERE body <> '' AND (claim_request_id = ANY($1::uuid[]) OR EXISTS (SELECT 1 FROM unnest($1::text[]) AS i WHERE position(i IN body) > 0))`,
        [ids],
      ),
      creditReportsDeleted: await changed(
        tx,
        "UPDATE credit_checks SET report = NULL, agreements_sealed = NULL, error_message = NULL WHERE claim_request_id = ANY($1::uuid[])",
        [ids],
      ),
      verificationsDeleted: await changed(tx, "DELETE FROM identity_verifications WHERE claim_request_id = ANY($1::uuid[])", [ids]),
      kbaAttemptsDeleted: await changed(tx, "DELETE FROM kba_attempts WHERE claim_request_id = ANY($1::uuid[])", [ids]),
      documentsDeleted: await changed(tx, "DELETE FROM claim_documents WHERE claim_request_id = ANY($1::uuid[])", [ids]),
      emailCodesDeleted: await changed(tx, "DELETE FROM claim_email_codes WHERE claim_request_id = ANY($1::uuid[])", [ids]),
      // These rows would also go with the account (ON DELETE CASCADE); deleted here so the summary counts them.
      payoutAccountsDeleted: await changed(tx, "DELETE FROM payout_accounts WHERE user_id = $1", [user?.id ?? null]),
      pendingConfirmationsDeleted: await changed(tx, "DELETE FROM pending_confirmations WHERE user_id = $1", [user?.id ?? null]),
      emailVerificationsDeleted: await changed(tx, "DELETE FROM email_verifications WHERE user_id = $1", [user?.id ?? null]),
      idempotencyKeysDeleted: await changed(tx, "DELETE FROM idempotency_keys WHERE owner = ANY($1::text[])", [owners]),
      claimsKeptAnonymous: await changed(
        tx,
        "UPDATE claims SET account_id = NULL, updated_at = now() WHERE claim_request_id = ANY($1::uuid[])",
        [ids],
      ),
      // After the bodies above are dropped: these carry the claim request's id, and ids only.
      crmErasuresQueued: await enqueue(tx, crmErasureMessages(crm, requests.rows)),
      claimRequestsErased: await changed(
        tx,
        `UPDATE claim_requests SET ${erasedColumns}, address = '{}'::jsonb, answers_sealed = NULL, email_proven_hash = NULL, language = NULL, funnel_session_hash = 'erased', user_id = NULL,
           erased_at = now(), updated_at = now()
         WHERE id = ANY($1::uuid[])`,
        [ids],
      ),
    };
    if (user) await tx.query("DELETE FROM users WHERE id = $1", [user.id]);
    return summary;
  });
}
