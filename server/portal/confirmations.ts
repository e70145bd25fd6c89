/**
 * Changes a signed-in user confirms with a code we email (a new email address, a new payout
 * account). One module so a later, wider email-ownership check can take it over in one place.
 *
 * The code is 6 random digits, valid CODE_MINUTES, with MAX_ATTEMPTS tries; only its sha256
 * (salted with the row id) is stored, and the change waits sealed with the data keyring.
 * Asking again replaces the earlier pending change of the same kind.
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { DataKeyring } from "../crypto/dataEncryption";
import { PENDING_CHANGE_COLUMN } from "../crypto/sealedColumns";
import type { Queryable } from "../db/db";
import type { MailTransport } from "../mail/transport";
import type { MailConfirmationPurpose, SiteText } from "../../schema/content.schema";
import { composeMail, type MailWording } from "../mail/composeMail";

export type ConfirmationPurpose = "email" | "payout-account";

export const CODE_MINUTES = 15;
export const MAX_ATTEMPTS = 5;
/** A new code for the same change is refused this soon after the last one (each one is a mail). */
export const RESEND_AFTER_SECONDS = 30;

const hashCode = (id: string, code: string) => createHash("sha256").update(`${id}:${code}`).digest();
const sealContext = (userId: string, purpose: ConfirmationPurpose) => PENDING_CHANGE_COLUMN.context(userId, purpose);

export interface StartConfirmation {
  userId: string;
  purpose: ConfirmationPurpose;
  change: object;
  /** Where the code goes: the new address for an email change, the account's address otherwise. */
  mailTo: string;
  brandName: string;
  /** The mails' wording in the consumer's language (language/consumerLanguage.ts). */
  wording: MailWording;
  /** What the code confirms: the mails' `confirmationPurposes`, which finish "To confirm …". */
  what: MailConfirmationPurpose;
}

export type StartOutcome = { ok: true } | { ok: false; reason: "too-soon" };

export async function startConfirmation(
  deps: { db: Queryable; keyring: DataKeyring; mail: MailTransport },
  input: StartConfirmation,
): Promise<StartOutcome> {
  const { rows: recent } = await deps.db.query(
    `SELECT 1 FROM pending_confirmations WHERE user_id = $1 AND purpose = $2 AND created_at > now() - ($3::int * interval '1 second')`,
    [input.userId, input.purpose, RESEND_AFTER_SECONDS],
  );
  if (recent.length) return { ok: false, reason: "too-soon" };
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const sealed = deps.keyring.encrypt(JSON.stringify(input.change), sealContext(input.userId, input.purpose));
  const { rows } = await deps.db.query<{ id: string }>(
    `INSERT INTO pending_confirmations (user_id, purpose, code_hash, sealed_change, attempts_remaining, expires_at)
     VALUES ($1, $2, '', $3, $4, now() + ($5::int * interval '1 minute'))
     ON CONFLICT (user_id, purpose) DO UPDATE SET code_hash = '', sealed_change = EXCLUDED.sealed_change,
       attempts_remaining = EXCLUDED.attempts_remaining, expires_at = EXCLUDED.expires_at, created_at = now()
     RETURNING id`,
    [input.userId, input.purpose, sealed, MAX_ATTEMPTS, CODE_MINUTES],
  );
  const id = rows[0].id;
  await deps.db.query("UPDATE pending_confirmations SET code_hash = $2 WHERE id = $1", [id, hashCode(id, code).toString("hex")]);
  await deps.mail.send(
    composeMail(input.wording, "confirmationCode", {
      to: input.mailTo,
      brandName: input.brandName,
      values: { code, minutes: CODE_MINUTES, what: input.wording.confirmationPurposes[input.what] },
    }),
  );
  return { ok: true };
}

export type ConfirmOutcome<T> =
  { ok: true; change: T } | { ok: false; reason: "none" | "expired" | "locked" | "wrong"; attemptsRemaining?: number };

/** Checks the code in the caller's transaction; a right code spends the pending change and returns it. */
export async function confirmChange<T>(
  tx: Queryable,
  keyring: DataKeyring,
  input: { userId: string; purpose: ConfirmationPurpose; code: string },
): Promise<ConfirmOutcome<T>> {
  const { rows } = await tx.query<{ id: string; code_hash: string; sealed_change: string; attempts_remaining: number; expired: boolean }>(
    `SELECT id, code_hash, sealed_change, attempts_remaining, expires_at <= now() AS expired
     FROM pending_confirmations WHERE user_id = $1 AND purpose = $2 FOR UPDATE`,
    [input.userId, input.purpose],
  );
  const row = rows[0];
  if (!row || !row.code_hash) return { ok: false, reason: "none" };
  if (row.expired) return { ok: false, reason: "expired" };
  if (row.attempts_remaining <= 0) return { ok: false, reason: "locked" };
  const expected = Buffer.from(row.code_hash, "hex");
  if (!/^\d{6}$/.test(input.code) || !timingSafeEqual(expected, hashCode(row.id, input.code))) {
    const attemptsRemaining = row.attempts_remaining - 1;
    await tx.query("UPDATE pending_confirmations SET attempts_remaining = $2 WHERE id = $1", [row.id, attemptsRemaining]);
    return attemptsRemaining > 0 ? { ok: false, reason: "wrong", attemptsRemaining } : { ok: false, reason: "locked" };
  }
  await tx.query("DELETE FROM pending_confirmations WHERE id = $1", [row.id]);
  return { ok: true, change: JSON.parse(keyring.decryptString(row.sealed_change, sealContext(input.userId, input.purpose))) as T };
}

/** Whether a change of this kind is waiting for its code (the portal then shows the code box). */
export async function hasPendingConfirmation(db: Queryable, userId: string, purpose: ConfirmationPurpose): Promise<boolean> {
  const { rows } = await db.query(
    "SELECT 1 FROM pending_confirmations WHERE user_id = $1 AND purpose = $2 AND expires_at > now() AND attempts_remaining > 0",
    [userId, purpose],
  );
  return rows.length > 0;
}

/** The answer for a failed confirmation: the message (the content's `text.confirmationCode`), and 429 once locked. */
export function confirmationError(
  outcome: { reason: "none" | "expired" | "locked" | "wrong"; attemptsRemaining?: number },
  words: SiteText["confirmationCode"],
) {
  return {
    status: outcome.reason === "locked" ? 429 : 400,
    message: words[outcome.reason],
    attemptsRemaining: outcome.attemptsRemaining,
  };
}
