/**
 * Proof that the visitor reads a claim request's email, before account setup says anything that depends on
 * whether the email has an account: a 6-digit code mailed to it (through the mail transport), entered in the
 * funnel. Until then a new and a known email are treated alike (the same mail, the same answers, no session);
 * after it, the flow may diverge (an existing user is sent to sign in; a new account starts with a verified email).
 *
 * The code lasts CODE_MINUTES with CODE_ATTEMPTS guesses, counted by a conditional update before the check (so
 * parallel guesses all count); a new code is mailed at most once per RESEND_AFTER_SECONDS and SENDS_PER_HOUR times
 * an hour. The proof is kept as the hash of the address it proved, so changing the claim's email voids it.
 */
import type { SiteText } from "../../schema/content.schema";
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/db";
import type { MailTransport } from "../mail/transport";
import { composeMail, type MailWording } from "../mail/composeMail";
import { normaliseEmail } from "../store/users";

export const CODE_MINUTES = 30;
export const CODE_ATTEMPTS = 5;
export const RESEND_AFTER_SECONDS = 30;
export const SENDS_PER_HOUR = 5;

export const emailHash = (email: string) => createHash("sha256").update(normaliseEmail(email)).digest("hex");
const codeHash = (claimRequestId: string, code: string) => createHash("sha256").update(`${claimRequestId}:${code}`).digest();

/** Whether the claim request's current email has been proven. */
export function emailProven(row: { email: string | null; email_proven_hash?: string | null }): boolean {
  return Boolean(row.email && row.email_proven_hash && row.email_proven_hash === emailHash(row.email));
}

export type SendOutcome = { ok: true } | { ok: false; reason: "tooSoon" | "tooMany" };

/** Mails a new code to the claim request's email (replacing any earlier one), within the resend limits. */
export async function sendClaimEmailCode(
  deps: { db: Queryable; mail: MailTransport },
  input: { claimRequestId: string; email: string; brandName: string; wording: MailWording },
): Promise<SendOutcome> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  // One statement decides and writes, so two requests at once cannot both send.
  const { rows } = await deps.db.query<{ sent: boolean; too_soon: boolean }>(
    `WITH previous AS (SELECT created_at, sends, sends_since FROM claim_email_codes WHERE claim_request_id = $1),
     decision AS (
       SELECT
         COALESCE((SELECT created_at > now() - make_interval(secs => $6) FROM previous), false) AS too_soon,
         COALESCE((SELECT sends_since > now() - interval '1 hour' AND sends >= $7 FROM previous), false) AS too_many
     ),
     written AS (
       INSERT INTO claim_email_codes (claim_request_id, email_hash, code_hash, attempts_remaining, expires_at)
       SELECT $1, $2, $3, $4, now() + make_interval(mins => $5) FROM decision WHERE NOT too_soon AND NOT too_many
       ON CONFLICT (claim_request_id) DO UPDATE SET
         email_hash = EXCLUDED.email_hash, code_hash = EXCLUDED.code_hash, attempts_remaining = EXCLUDED.attempts_remaining,
         expires_at = EXCLUDED.expires_at, created_at = now(),
         sends = CASE WHEN claim_email_codes.sends_since > now() - interval '1 hour' THEN claim_email_codes.sends + 1 ELSE 1 END,
         sends_since = CASE WHEN claim_email_codes.sends_since > now() - interval '1 hour' THEN claim_email_codes.sends_since ELSE now() END
       RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM written) AS sent, (SELECT too_soon FROM decision) AS too_soon`,
    [
      input.claimRequestId,
      emailHash(input.email),
      codeHash(input.claimRequestId, code).toString("hex"),
      CODE_ATTEMPTS,
      CODE_MINUTES,
      RESEND_AFTER_SECONDS,
      SENDS_PER_HOUR,
    ],
  );
  if (!rows[0]?.sent) return { ok: false, reason: rows[0]?.too_soon ? "tooSoon" : "tooMany" };
  await deps.mail.send(
    composeMail(input.wording, "claimEmailCode", { to: input.email, brandName: input.brandName, values: { code, minutes: CODE_MINUTES } }),
  );
  return { ok: true };
}

export type CheckOutcome = { ok: true } | { ok: false; reason: "none" | "expired" | "locked" | "wrong"; attemptsRemaining?: number };

/** Checks a code for the claim request's current email; a right one records the proof and spends the code. */
export async function checkClaimEmailCode(
  db: Queryable,
  input: { claimRequestId: string; email: string; code: string },
): Promise<CheckOutcome> {
  // The guess is counted before it is checked.
  const { rows } = await db.query<{ code_hash: string; attempts_remaining: number; expired: boolean }>(
    `UPDATE claim_email_codes SET attempts_remaining = attempts_remaining - 1
     WHERE claim_request_id = $1 AND email_hash = $2 AND attempts_remaining > 0
     RETURNING code_hash, attempts_remaining, expires_at <= now() AS expired`,
    [input.claimRequestId, emailHash(input.email)],
  );
  const row = rows[0];
  if (!row) {
    const { rows: spent } = await db.query("SELECT 1 FROM claim_email_codes WHERE claim_request_id = $1 AND email_hash = $2", [
      input.claimRequestId,
      emailHash(input.email),
    ]);
    return { ok: false, reason: spent.length ? "locked" : "none" };
  }
  if (row.expired) return { ok: false, reason: "expired" };
  if (!/^\d{6}$/.test(input.code) || !timingSafeEqual(Buffer.from(row.code_hash, "hex"), codeHash(input.claimRequestId, input.code))) {
    return row.attempts_remaining > 0
      ? { ok: false, reason: "wrong", attemptsRemaining: row.attempts_remaining }
      : { ok: false, reason: "locked" };
  }
  await db.query("DELETE FROM claim_email_codes WHERE claim_request_id = $1", [input.claimRequestId]);
  await db.query("UPDATE claim_requests SET email_proven_hash = $2 WHERE id = $1", [input.claimRequestId, emailHash(input.email)]);
  return { ok: true };
}

/**
 * The answer for a refused send or check: status and message (the content's `text.emailProof`, in the visit's
 * language; 429 once locked or over the mail limits).
 */
export function emailProofError(reason: "tooSoon" | "tooMany" | "none" | "expired" | "locked" | "wrong", words: SiteText["emailProof"]) {
  return { status: reason === "locked" || reason === "tooSoon" || reason === "tooMany" ? 429 : 400, message: words[reason] };
}
