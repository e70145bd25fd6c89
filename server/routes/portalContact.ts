/**
 * Correcting contact details from the portal, signed-in only.
 *   GET  /api/portal/contact                      → {email, phone_number, pendingEmail}
 *   POST /api/portal/contact/phone {phone_number}  → updates the mobile on every claim request of the account
 *   POST /api/portal/contact/email {email, password} → with the current password (a session alone is not enough: a
 *                                                    stolen one would take the account through the reset mail), mails
 *                                                    a code to the NEW address (proves it is theirs) → {pending, sentTo:"new"};
 *                                                    an account without a password proves the CURRENT address first
 *                                                    instead: a code goes there → {pending, sentTo:"current"}
 *   POST /api/portal/contact/email/confirm {code}  → the current address's code: a code now goes to the new one
 *                                                    → {pending, sentTo:"new"}; the new address's code: the account and
 *                                                    its claim requests use it, every other session of the account ends,
 *                                                    the old address is told → {email}
 * A wrong password counts like a failed sign-in (auth/signInDelays.ts), so a session cannot be used to guess it.
 * A new number or address goes through the brand's funnel's field (its transforms, rules and messages:
 * claims/definedValues.ts), so it is stored as the funnel stores it. Bodies and answers: schema/api/portalContact.ts.
 */
import { Router } from "express";
import type { Request } from "express";
import {
  codeBody,
  emailChangeBody,
  phoneChangeBody,
  type EmailChangeAnswer,
  type EmailConfirmAnswer,
  type PhoneChangeAnswer,
  type PortalContact,
} from "../../schema/api/portalContact";
import { pathOfColumn, type StoredColumn } from "../../schema/storedFields";
import { brandForRequest } from "../brands";
import { definedValue } from "../claims/definedValues";
import { brandFunnel } from "../content/brandFunnel";
import type { AppContext } from "../context";
import { HttpError, badRequest } from "../http/errors";
import { parseBody } from "../http/validate";
import { confirmChange, confirmationError, hasPendingConfirmation, startConfirmation } from "../portal/confirmations";
import { signedInUser } from "../portal/signedInUser";
import { composeMail } from "../mail/composeMail";
import { userMailWording, visitWords } from "../language/consumerLanguage";
import { listUserClaimRequests } from "../store/claimRequests";
import { NO_PASSWORD, findUserByEmail, normaliseEmail } from "../store/users";
import { verifyPassword } from "../auth/passwords";
import { identityOf } from "../auth/requestContext";
import { deleteUserSessions } from "../auth/sessions";
import { startSession } from "./signIn";
import { signInSucceeded, takeSignInAttempt } from "../auth/signInDelays";
import { DEFAULT_LOGIN_PER_ACCOUNT } from "../http/rateLimits";
import { signInDelayed } from "./auth";

/** The pending email change: which address its code went to (an older one without `stage` went to the new address). */
interface PendingEmail {
  email: string;
  stage?: "current" | "new";
}

export function portalContactRoutes(ctx: AppContext): Router {
  const router = Router();

  /** A column's new value as the brand's funnel stores its field, or a 400 with the definition's message. */
  const asStored = (req: Request, column: StoredColumn, sent: string): string => {
    const funnel = brandFunnel(ctx.funnels, brandForRequest(ctx.brands, req, ctx.production));
    const checked = definedValue(funnel, pathOfColumn(column), sent);
    if (!checked) throw badRequest(visitWords(ctx, req).portalContact.notAsked);
    if (!checked.ok) throw badRequest(checked.message, { fields: { [column]: checked.message } });
    return String(checked.value);
  };

  router.get("/portal/contact", async (_req, res) => {
    const user = signedInUser(res);
    const requests = await listUserClaimRequests(ctx.db, user.id);
    res.json({
      email: user.email,
      phone_number: requests.find((r) => r.phone_number)?.phone_number ?? null,
      pendingEmail: await hasPendingConfirmation(ctx.db, user.id, "email"),
      passwordSet: user.password_hash !== NO_PASSWORD,
    } satisfies PortalContact);
  });

  router.post("/portal/contact/phone", async (req, res) => {
    const user = signedInUser(res);
    const phone = asStored(req, "phone_number", parseBody(phoneChangeBody, req).phone_number);
    await ctx.db.query("UPDATE claim_requests SET phone_number = $2, updated_at = now() WHERE user_id = $1", [user.id, phone]);
    res.json({ phone_number: phone } satisfies PhoneChangeAnswer);
  });

  router.post("/portal/contact/email", async (req, res) => {
    const user = signedInUser(res);
    const input = parseBody(emailChangeBody, req);
    const words = visitWords(ctx, req);
    const said = words.portalContact;
    // The account's form of the address (lower case) once the funnel's email field has taken it.
    const email = normaliseEmail(asStored(req, "email", input.email));
    if (email === user.email) throw badRequest(said.sameEmail, { fields: { email: said.sameEmail } });
    const hasPassword = user.password_hash !== NO_PASSWORD;
    if (hasPassword) {
      if (!input.password) throw badRequest(said.passwordRequired, { fields: { password: said.passwordRequired } });
      const attempt = await takeSignInAttempt(ctx.db, user.email, ctx.rateLimits.loginPerAccount ?? DEFAULT_LOGIN_PER_ACCOUNT);
      if (!attempt.allowed) {
        res.setHeader("Retry-After", String(attempt.retryAfterSeconds));
        throw new HttpError(429, signInDelayed(words.signIn, attempt.retryAfterSeconds), { retryAfter: attempt.retryAfterSeconds });
      }
      if (!(await verifyPassword(input.password, user.password_hash))) {
        throw new HttpError(403, said.wrongPassword, { fields: { password: said.wrongPassword } });
      }
      await signInSucceeded(ctx.db, user.email);
    }
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    // Without a password, the current mailbox vouches for the change first; the new one proves itself after.
    const stage = hasPassword ? "new" : "current";
    // Whether another account has it is told only at confirmation, to someone who proved the mailbox is theirs.
    const started = await startConfirmation(
      { db: ctx.db, keyring: ctx.dataKeyring, mail: ctx.mail },
      {
        userId: user.id,
        purpose: "email",
        change: { email, stage } satisfies PendingEmail,
        mailTo: stage === "new" ? email : user.email,
        brandName: brand.brandName,
        wording: userMailWording(ctx, req, brand, user),
        what: stage === "new" ? "newEmail" : "changeEmail",
      },
    );
    if (!started.ok) throw new HttpError(429, words.confirmationCode.tooSoon);
    res.json({
      pending: true,
      sentTo: stage,
      message: stage === "new" ? said.emailCodeSent : said.currentCodeSent,
    } satisfies EmailChangeAnswer);
  });

  router.post("/portal/contact/email/confirm", async (req, res) => {
    const user = signedInUser(res);
    const { code } = parseBody(codeBody, req);
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    const words = visitWords(ctx, req);
    const outcome = await ctx.db.transaction(async (tx) => {
      const confirmed = await confirmChange<PendingEmail>(tx, ctx.dataKeyring, { userId: user.id, purpose: "email", code });
      if (!confirmed.ok || confirmed.change.stage === "current") return confirmed;
      const other = await findUserByEmail(tx, confirmed.change.email);
      if (other && other.id !== user.id) return { ok: false as const, reason: "taken" as const };
      // The code mailed to the new address proved it is theirs.
      await tx.query("UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1", [user.id, confirmed.change.email]);
      await tx.query("UPDATE claim_requests SET email = $2, updated_at = now() WHERE user_id = $1", [user.id, confirmed.change.email]);
      // Every other session of the account ends (this browser gets a new one below).
      await deleteUserSessions(tx, user.id);
      return confirmed;
    });
    if (!outcome.ok) {
      if (outcome.reason === "taken") throw new HttpError(409, words.portalContact.emailTaken);
      const failure = confirmationError(outcome, words.confirmationCode);
      throw new HttpError(
        failure.status,
        failure.message,
        failure.attemptsRemaining === undefined ? {} : { attemptsRemaining: failure.attemptsRemaining },
      );
    }
    if (outcome.change.stage === "current") {
      // The current mailbox vouched for the change: now the new address proves it is theirs.
      const started = await startConfirmation(
        { db: ctx.db, keyring: ctx.dataKeyring, mail: ctx.mail },
        {
          userId: user.id,
          purpose: "email",
          change: { email: outcome.change.email, stage: "new" } satisfies PendingEmail,
          mailTo: outcome.change.email,
          brandName: brand.brandName,
          wording: userMailWording(ctx, req, brand, user),
          what: "newEmail",
        },
      );
      if (!started.ok) throw new HttpError(429, words.confirmationCode.tooSoon);
      res.json({ pending: true, sentTo: "new", message: words.portalContact.emailCodeSent } satisfies EmailConfirmAnswer);
      return;
    }
    await startSession(ctx, req, res, user.id, { claimRequestId: identityOf(res).scopeClaimRequestId });
    try {
      const wording = userMailWording(ctx, req, brand, user);
      await ctx.mail.send(composeMail(wording, "emailChanged", { to: user.email, brandName: brand.brandName, values: {} }));
    } catch (error) {
      req.log.error({ err: error }, "email change notice mail failed");
    }
    res.json({ email: outcome.change.email } satisfies EmailConfirmAnswer);
  });

  return router;
}
