/**
 * The columns held encrypted at rest with ctx.dataKeyring, each bound to its
 * row (the context names table, column and id, so a value copied to another
 * row does not decrypt). Key rotation (tools/rotate-data-key.ts) walks this list:
 * add an entry when another column is encrypted.
 */
import { DataKeyring } from "./dataEncryption";

export interface SealedColumn {
  table: string;
  column: string;
  /** The row's primary key column, bound into the context. */
  idColumn: string;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [{ table: "claim_requests", column: "signature", idColumn: "id" }];

export function sealContext(column: SealedColumn, id: string): string {
  return `${column.table}.${column.column}:${id}`;
}

const SIGNATURE = SEALED_COLUMNS[0];

/** A signature as stored: encrypted, bound to its claim request. */
export function sealSignature(keyring: DataKeyring, claimRequestId: string, signature: string): string {
  return keyring.encrypt(signature, sealContext(SIGNATURE, claimRequestId));
}

/** The signature as the consumer gave it (a value stored before encryption was added is returned as it is). */
export function openSignature(keyring: DataKeyring, claimRequestId: string, stored: string | null): string | null {
  if (stored === null) return null;
  return DataKeyring.isSealed(stored) ? keyring.decryptString(stored, sealContext(SIGNATURE, claimRequestId)) : stored;
}
