/**
 * User metadata updates that must not fail the request they belong to
 * (password_set true is retried once after 500 ms; a metadata update that
 * still fails is only logged).
 */
import type { Logger } from "pino";
import type { Queryable } from "../db/db";
import { updateUserMetadata } from "../store/users";

export const METADATA_RETRY_MS = 500;

export async function updateMetadataWithRetry(
  db: Queryable,
  logger: Logger,
  userId: string,
  changes: Record<string, unknown>,
  options: { retryMs?: number; update?: typeof updateUserMetadata } = {},
): Promise<boolean> {
  const update = options.update ?? updateUserMetadata;
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      await update(db, userId, changes);
      return true;
    } catch (error) {
      if (attempt === 2) {
        // Only the keys, never values or the user's details.
        logger.error({ err: error, keys: Object.keys(changes) }, "user metadata update failed after a retry");
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? METADATA_RETRY_MS));
    }
  }
  return false;
}
