/**
 * Correcting contact details from the portal, signed-in only.
 *   GET  /api/portal/contact                      → {email, phone_number, pendingEmail}
 *   POST /api/portal/contact/phone {phone_number}  → updates the mobile on every claim request of the account
 *   POST /api/portal/contact/email {email}         → mails a code to the NEW address (proves it is theirs) → {pending}
 *   POST /api/portal/contact/email/confirm {code}  → the account and its claim requests use the new address; the old
 *                                                    address is told → {email}
 */
import { Router } from "express";
import { z } from "zod";
import { EMAIL_ADDRESS } from "../../renderer/engine/email";
import { applyTransforms } from "../../renderer/engine/transforms";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { HttpError, badRequest } from "../http/errors";
import { parseBody } from "../http/validate";
import {
  CONFIRMATION_MESSAGES,
  confirmChange,
  confirmationError,
  hasPendingConfirmation,
  startConfirmation,
} from "../portal/confirmations";
import { signedInUser } from "../portal/signedInUser";
import { emailChangedMail } from "../mail/portalMails";
import { listUserClaimRequests } from "../store/claimRequests";
import { findUserByEmail, normaliseEmail } from "../store/users";

export const CONTACT_MESSAGES = {
  phone: "Please enter a valid UK mobile number starting with 07",
  email: "Please enter a valid email address",
  sameEmail: "That is already your email address",
  emailTaken: "This email address is used by another account. Please use a different one.",
  emailCodeSent: "We have emailed a code to your new address. Enter it below to confirm it is yours.",
} as const;

const phoneBody = z.strictObject({ phone_number: z.string().max(30) });
const emailBody = z.strictObject({ email: z.string().trim().max(254) });
const codeBody = z.strictObject({ code: z.string().trim().max(10) });

export function portalContactRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get("/portal/contact", async (_req, res) => {
    const user = signedInUser(res);
    const requests = await listUserClaimRequests(ctx.db, user.id);
    res.json({
      email: user.email,
      phone_number: requests.find((r) => r.phone_number)?.phone_number ?? null,
      pendingEmail: await hasPendingConfirmation(ctx.db, user.id, "email"),
    });
  });

  router.post("/portal/contact/phone", async (req, res) => {
    const user = signedInUser(res);
    const phone = applyTransforms(parseBody(phoneBody, req).phone_number, ["digitsOnly", "leadingZero"]) as string;
    if (!/^07\d{9}$/.test(phone)) throw badRequest(CONTACT_MESSAGES.phone, { fields: { phone_number: CONTACT_MESSAGES.phone } });
    await ctx.db.query("UPDATE claim_requests SET phone_number = $2, updated_at = now() WHERE user_id = $1", [user.id, phone]);
    res.json({ phone_number: phone });
  });

  router.post("/portal/contact/email", async (req, res) => {
    const user = signedInUser(res);
    const email = normaliseEmail(parseBody(emailBody, req).email);
    if (!EMAIL_ADDRESS.test(email)) throw badRequest(CONTACT_MESSAGES.email, { fields: { email: CONTACT_MESSAGES.email } });
    if (email === user.email) throw badRequest(CONTACT_MESSAGES.sameEmail, { fields: { email: CONTACT_MESSAGES.sameEmail } });
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    // Whether another account has it is told only at confirmation, to someone who proved the mailbox is theirs.
    const started = await startConfirmation(
      { db: ctx.db, keyring: ctx.dataKeyring, mail: ctx.mail },
      {
        userId: user.id,
        purpose: "email",
        change: { email },
        mailTo: email,
        brandName: brand.brandName,
        what: "this is your new email address",
      },
    );
    if (!started.ok) throw new HttpError(429, CONFIRMATION_MESSAGES.tooSoon);
    res.json({ pending: true, message: CONTACT_MESSAGES.emailCodeSent });
  });

  router.post("/portal/contact/email/confirm", async (req, res) => {
    const user = signedInUser(res);
    const { code } = parseBody(codeBody, req);
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    const outcome = await ctx.db.transaction(async (tx) => {
      const confirmed = await confirmChange<{ email: string }>(tx, ctx.dataKeyring, { userId: user.id, purpose: "email", code });
      if (!confirmed.ok) return confirmed;
      const other = await findUserByEmail(tx, confirmed.change.email);
      if (other && other.id !== user.id) return { ok: false as const, reason: "taken" as const };
      // The code mailed to the new address proved it is theirs.
      await tx.query("UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1", [user.id, confirmed.change.email]);
      await tx.query("UPDATE claim_requests SET email = $2, updated_at = now() WHERE user_id = $1", [user.id, confirmed.change.email]);
      return confirmed;
    });
    if (!outcome.ok) {
      if (outcome.reason === "taken") throw new HttpError(409, CONTACT_MESSAGES.emailTaken);
      const failure = confirmationError(outcome);
      throw new HttpError(
        failure.status,
        failure.message,
        failure.attemptsRemaining === undefined ? {} : { attemptsRemaining: failure.attemptsRemaining },
      );
    }
    try {
      await ctx.mail.send(emailChangedMail({ to: user.email, brandName: brand.brandName }));
    } catch (error) {
      req.log.error({ err: error }, "email change notice mail failed");
    }
    res.json({ email: outcome.change.email });
  });

  return router;
}
