/**
 * The nonces of signed partner API requests seen within the replay window
 * (partner_request_nonces): a request whose nonce is already here is a replay.
 * In the database, so every app instance refuses a replay sent to another one.
 */
import type { Queryable } from "../db/db";

/**
 * Remembers the partner's nonce until `expiresAt`; false when it is already remembered (a replay). A row whose
 * time has passed counts as gone. Expired rows are swept on the way.
 */
export async function rememberPartnerNonce(db: Queryable, partnerId: string, nonce: string, expiresAt: Date): Promise<boolean> {
  await db.query("DELETE FROM partner_request_nonces WHERE expires_at < now()");
  const { rows } = await db.query(
    `INSERT INTO partner_request_nonces (partner_id, nonce, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (partner_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE partner_request_nonces.expires_at < now()
     RETURNING 1`,
    [partnerId, nonce, expiresAt],
  );
  return rows.length === 1;
}
