/**
 * The PDFs a claim request produced, kept sealed as they were made (claim_documents, migration 096): the signed
 * letter of authority, stored when it is signed, and the summary document, stored when it is emailed. What the
 * consumer downloads, the CRM receives and the export lists is the stored file, not one built again later.
 */
import { createHash } from "node:crypto";
import type { Queryable } from "../db/db";
import type { DataKeyring } from "../crypto/dataEncryption";
import { CLAIM_DOCUMENT_COLUMN } from "../crypto/sealedColumns";
import { CLAIM_DOCUMENT_KINDS, type ClaimDocumentKind } from "../../schema/content.schema";

export { CLAIM_DOCUMENT_KINDS, type ClaimDocumentKind };

export interface ClaimDocumentListing {
  claim_request_id: string;
  kind: ClaimDocumentKind;
  file: string;
  sha256: string;
  created_at: string;
}

export const documentFileName = (kind: ClaimDocumentKind, claimReference: string) => `${kind}-${claimReference}.pdf`;

/** Keeps a claim request's document of this kind, replacing an earlier one (a claim signed again has a new letter). */
export async function storeClaimDocument(
  db: Queryable,
  keyring: DataKeyring,
  claimRequestId: string,
  kind: ClaimDocumentKind,
  pdf: Uint8Array,
): Promise<void> {
  const bytes = Buffer.from(pdf);
  await db.query(
    `INSERT INTO claim_documents (claim_request_id, kind, sealed, sha256) VALUES ($1, $2, $3, $4)
     ON CONFLICT (claim_request_id, kind) DO UPDATE SET sealed = EXCLUDED.sealed, sha256 = EXCLUDED.sha256, created_at = now()`,
    [
      claimRequestId,
      kind,
      keyring.encrypt(bytes, CLAIM_DOCUMENT_COLUMN.context(claimRequestId, kind)),
      createHash("sha256").update(bytes).digest("hex"),
    ],
  );
}

/**
 * Keeps this document unless one is stored already (the first stored wins, so every reader gets the same file), and
 * only while the claim's sealed signature is still `signedWith`, the one the document was built from: a build that
 * a newer signing overtook (it dropped the old letter and queued its own build) must not store the old letter.
 * Answers the stored document, or null when the signature has changed.
 */
export async function keepFirstClaimDocument(
  db: Queryable,
  keyring: DataKeyring,
  claimRequestId: string,
  kind: ClaimDocumentKind,
  pdf: Uint8Array,
  signedWith: string,
): Promise<Buffer | null> {
  const bytes = Buffer.from(pdf);
  const { rows } = await db.query(
    `INSERT INTO claim_documents (claim_request_id, kind, sealed, sha256)
     SELECT $1::uuid, $2::text, $3::text, $4::text WHERE EXISTS (SELECT 1 FROM claim_requests WHERE id = $1::uuid AND signature = $5::text)
     ON CONFLICT (claim_request_id, kind) DO NOTHING RETURNING claim_request_id`,
    [
      claimRequestId,
      kind,
      keyring.encrypt(bytes, CLAIM_DOCUMENT_COLUMN.context(claimRequestId, kind)),
      createHash("sha256").update(bytes).digest("hex"),
      signedWith,
    ],
  );
  return rows.length ? bytes : openClaimDocument(db, keyring, claimRequestId, kind);
}

/** Forgets a claim request's document of this kind (a letter signed again is built again). */
export async function dropClaimDocument(db: Queryable, claimRequestId: string, kind: ClaimDocumentKind): Promise<void> {
  await db.query("DELETE FROM claim_documents WHERE claim_request_id = $1 AND kind = $2", [claimRequestId, kind]);
}

/** The stored PDF, opened; null when none is kept. */
export async function openClaimDocument(
  db: Queryable,
  keyring: DataKeyring,
  claimRequestId: string,
  kind: ClaimDocumentKind,
): Promise<Buffer | null> {
  const { rows } = await db.query<{ sealed: string }>("SELECT sealed FROM claim_documents WHERE claim_request_id = $1 AND kind = $2", [
    claimRequestId,
    kind,
  ]);
  return rows[0] ? keyring.decrypt(rows[0].sealed, CLAIM_DOCUMENT_COLUMN.context(claimRequestId, kind)) : null;
}

/** Which documents the claim requests have (never their contents), in a fixed order of kinds. */
export async function listClaimDocuments(
  db: Queryable,
  claimRequests: { id: string; claim_reference: string }[],
): Promise<ClaimDocumentListing[]> {
  const { rows } = await db.query<{ claim_request_id: string; kind: ClaimDocumentKind; sha256: string; created_at: Date }>(
    "SELECT claim_request_id, kind, sha256, created_at FROM claim_documents WHERE claim_request_id = ANY($1::uuid[])",
    [claimRequests.map((r) => r.id)],
  );
  const reference = new Map(claimRequests.map((r) => [r.id, r.claim_reference]));
  return rows
    .sort((a, b) => CLAIM_DOCUMENT_KINDS.indexOf(a.kind) - CLAIM_DOCUMENT_KINDS.indexOf(b.kind))
    .map((r) => ({
      claim_request_id: r.claim_request_id,
      kind: r.kind,
      file: documentFileName(r.kind, reference.get(r.claim_request_id) ?? ""),
      sha256: r.sha256,
      created_at: new Date(r.created_at).toISOString(),
    }));
}
