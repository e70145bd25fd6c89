/**
 * The payout bank account, signed-in only.
 *   GET  /api/portal/payout-account            → {account: {sort_code, account_number (masked), updated_at} | null, pending}
 *   POST /api/portal/payout-account {account_name, sort_code, account_number}
 *        → 400 {error, fields} when invalid (format, or the modulus check); else mails a code → {pending: true}
 *   POST /api/portal/payout-account/confirm {code}
 *        → stores it sealed, hands it to the CRM through the outbox, mails a notice → {account}
 */
import { codeBody } from "../../schema/api/portalContact";
import {
  payoutAccountBody,
  type PayoutAccountAnswer,
  type PayoutAccountView,
  type PayoutConfirmAnswer,
} from "../../schema/api/portalPayout";
import { Router } from "express";
import { randomUUID } from "node:crypto";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { HttpError, badRequest } from "../http/errors";
import { publicOrigin } from "../publicOrigin";
import { parseBody } from "../http/validate";
import { composeMail } from "../mail/composeMail";
import { userMailWording, visitWords } from "../language/consumerLanguage";
import { enqueue } from "../outbox/store";
import { confirmChange, confirmationError, hasPendingConfirmation, startConfirmation } from "../portal/confirmations";
import {
  checkPayoutAccount,
  findMaskedPayoutAccount,
  maskPayoutAccount,
  savePayoutAccount,
  type PayoutAccount,
} from "../portal/payoutAccount";
import { listUserClaimRequests } from "../store/claimRequests";
import { signedInUser } from "../portal/signedInUser";

export function portalPayoutRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get("/portal/payout-account", async (_req, res) => {
    const user = signedInUser(res);
    res.json({
      account: await findMaskedPayoutAccount(ctx.db, user.id),
      pending: await hasPendingConfirmation(ctx.db, user.id, "payout-account"),
    } satisfies PayoutAccountView);
  });

  router.post("/portal/payout-account", async (req, res) => {
    const user = signedInUser(res);
    const checked = checkPayoutAccount(parseBody(payoutAccountBody, req));
    if ("errors" in checked) throw badRequest(Object.values(checked.errors)[0], { fields: checked.errors });
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    const started = await startConfirmation(
      { db: ctx.db, keyring: ctx.dataKeyring, mail: ctx.mail },
      {
        userId: user.id,
        purpose: "payout-account",
        change: checked.account,
        mailTo: user.email,
        brandName: brand.brandName,
        wording: userMailWording(ctx, req, brand, user),
        what: "payoutAccount",
      },
    );
    const words = visitWords(ctx, req).confirmationCode;
    if (!started.ok) throw new HttpError(429, words.tooSoon);
    res.json({ pending: true, message: words.payoutCodeSent } satisfies PayoutAccountAnswer);
  });

  router.post("/portal/payout-account/confirm", async (req, res) => {
    const user = signedInUser(res);
    const { code } = parseBody(codeBody, req);
    const brand = brandForRequest(ctx.brands, req, ctx.production);
    // The outcome leaves the transaction before any error is thrown, so a wrong code's spent attempt is kept.
    const outcome = await ctx.db.transaction(async (tx) => {
      const confirmed = await confirmChange<PayoutAccount>(tx, ctx.dataKeyring, { userId: user.id, purpose: "payout-account", code });
      if (!confirmed.ok) return confirmed;
      await savePayoutAccount(tx, ctx.dataKeyring, user.id, confirmed.change);
      // Each claim request's CRM client learns of it in the same transaction, through the outbox.
      const changeId = randomUUID();
      for (const request of await listUserClaimRequests(tx, user.id)) {
        if (!request.crm_client_uuid) continue;
        const brandOfRequest = ctx.brands.find((b) => b.brandId === request.brand_id);
        const provider = ctx.crm.get(ctx.crmProviderOverride ?? brandOfRequest?.crm_provider.provider_type ?? "");
        const messages =
          provider?.payoutAccountMessages?.({
            clientUuid: request.crm_client_uuid,
            claimRequestId: request.id,
            changeId,
            account: confirmed.change,
          }) ?? [];
        await enqueue(tx, messages);
      }
      return confirmed;
    });
    if (!outcome.ok) {
      const failure = confirmationError(outcome, visitWords(ctx, req).confirmationCode);
      throw new HttpError(
        failure.status,
        failure.message,
        failure.attemptsRemaining === undefined ? {} : { attemptsRemaining: failure.attemptsRemaining },
      );
    }
    ctx.outbox?.wake();
    const masked = maskPayoutAccount(outcome.change.sort_code.slice(-2), outcome.change.account_number.slice(-4));
    try {
      await ctx.mail.send(
        composeMail(userMailWording(ctx, req, brand, user), "payoutAccountChanged", {
          to: user.email,
          brandName: brand.brandName,
          values: {
            sortCode: masked.sort_code,
            accountNumber: masked.account_number,
            portalLink: `${publicOrigin(req, brand, ctx.production)}/portal`,
          },
        }),
      );
    } catch (error) {
      req.log.error({ err: error }, "payout account notice mail failed");
    }
    res.json({ account: await findMaskedPayoutAccount(ctx.db, user.id) } satisfies PayoutConfirmAnswer);
  });

  return router;
}
