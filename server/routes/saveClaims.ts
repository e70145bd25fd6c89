/**
 * POST /api/save-claims: save credit-check claims and manual lender picks
 * (catalogue lender UUIDs only). Saving again never duplicates.
 *
 * A credit-check claim is accepted only when it is one of the agreements the
 * stored credit check found (matched by account id, or lender and start date),
 * and it is saved with the stored agreement's details, not the browser's: the
 * browser can add only manual lenders from the catalogue.
 */
import { visitWords } from "../language/consumerLanguage";
import { Router } from "express";
import { z } from "zod";
import { ownerOf } from "../auth/requestContext";
import type { AppContext } from "../context";
import { badRequest, notFound } from "../http/errors";
import { isUuid, parseBody } from "../http/validate";
import { normaliseLenderName } from "../../schema/rules/normaliseLenderName";
import { findOwnedClaimRequest } from "../store/claimRequests";
import { listClaims, saveClaims, toClaimEntry, type NewClaim } from "../store/claims";
import { findOwnedCreditCheck } from "../store/creditChecks";
import { storedAgreements } from "../credit/search";
import type { ExtractedClaim } from "../claims/extractClaims";
import { manualLenderLimit } from "../claims/lenderLimit";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2015-06-30");
const text = (max: number) => z.string().max(max).nullable().optional();
const lenderRef = z.object({ id: z.string().max(100).nullable().optional(), name: z.string().max(200).nullable().optional() });

/** Claim entries as the browser holds them; keys this call does not use are ignored. */
const claimItem = z.object({
  id: z
    .union([z.string().max(100), z.number()])
    .nullable()
    .optional(),
  source: z.enum(["credit-check", "manual"]),
  lender_id: text(100),
  lender_name: text(200),
  lender: lenderRef.nullable().optional(),
  lenders: lenderRef.nullable().optional(),
  amount: z.number().nullable().optional(),
  status: text(40),
  loan_type: text(60),
  start_date: isoDate.nullable().optional(),
  payment_frequency: text(40),
  account_id: text(100),
  claim_reference: text(40),
});

const body = z.strictObject({
  claim_request_id: z.string().refine(isUuid, "must be a valid id"),
  claims: z.array(claimItem).max(200).optional(),
  credit_check_id: z.string().refine(isUuid, "must be a valid id").nullable().optional(),
  manual_lender_ids: z.array(z.string().max(100)).max(200).optional(),
});

export function saveClaimRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post("/save-claims", async (req, res) => {
    const input = parseBody(body, req);
    const owner = ownerOf(res);
    const items = input.claims ?? [];
    const manualIds = [
      ...items.filter((c) => c.source === "manual").map((c) => c.lender_id ?? c.lender?.id ?? ""),
      ...(input.manual_lender_ids ?? []),
    ];

    const row = await findOwnedClaimRequest(ctx.db, input.claim_request_id, owner);
    if (!row) throw notFound(visitWords(ctx, req).common.noClaimRequest);
    // The limit is the claim's own funnel's lender picker's: more is refused whole, never cut short.
    const picked = new Set(manualIds).size;
    if (picked > 0) {
      const funnel = ctx.funnels.find((f) => f.version === row.funnel_version);
      const limit = funnel ? manualLenderLimit(funnel) : null;
      // A claim request whose funnel has no lender picker takes no manual picks.
      if (!limit) throw badRequest(visitWords(ctx, req).claims.noManualLenders);
      if (picked > limit.max) throw badRequest(limit.message, { maxLenders: limit.max });
    }
    const creditCheckId = input.credit_check_id ?? null;
    let agreements: ExtractedClaim[] = [];
    if (creditCheckId) {
      const check = await findOwnedCreditCheck(ctx.db, creditCheckId, owner);
      if (!check || check.claim_request_id !== row.id) throw badRequest("credit_check_id does not belong to this claim request");
      agreements = storedAgreements(ctx, check);
    }

    const candidateIds = manualIds.filter(isUuid).map((id) => id.toLowerCase());
    const catalogue = ctx.lenderCatalogue.lenderNames(candidateIds);

    const toSave: NewClaim[] = [];
    for (const item of items.filter((c) => c.source === "credit-check")) {
      const lenderId = (item.lender_id ?? item.lender?.id ?? "").toLowerCase();
      const name = normaliseLenderName(item.lender_name ?? item.lender?.name ?? "");
      const found = agreements.find(
        (a) =>
          (item.account_id && a.account_id === item.account_id) ||
          (item.start_date === a.start_date &&
            ((a.lender_id && a.lender_id === lenderId) || (!a.lender_id && name && normaliseLenderName(a.lender_name) === name))),
      );
      if (!found) throw badRequest(visitWords(ctx, req).claims.notInReport);
      toSave.push({
        lender_id: found.lender_id,
        lender_name: found.lender_name,
        source: "credit-check",
        loan_type: found.loan_type,
        start_date: found.start_date,
        payment_frequency: found.payment_frequency,
        account_id: found.account_id,
        credit_check_id: creditCheckId,
        dedupe_key: found.dedupe_key,
      });
    }
    for (const id of new Set(manualIds.filter(isUuid).map((i) => i.toLowerCase()))) {
      const name = catalogue.get(id);
      if (!name) continue; // only catalogue lenders are saved as manual claims
      toSave.push({
        lender_id: id,
        lender_name: name,
        source: "manual",
        loan_type: null,
        start_date: null,
        payment_frequency: null,
        account_id: null,
        credit_check_id: null,
        dedupe_key: `manual:${id}`,
      });
    }

    await ctx.db.transaction(async (tx) => {
      const locked = await findOwnedClaimRequest(tx, row.id, owner, true);
      if (!locked) throw notFound(visitWords(ctx, req).common.noClaimRequest);
      await saveClaims(tx, row.id, row.claim_reference, toSave);
    });
    const claims = (await listClaims(ctx.db, [row.id])).map(toClaimEntry);
    res.json({ success: true, data: { claims } });
  });
  return router;
}
