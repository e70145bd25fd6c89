/**
 * The partner API (docs/openapi/partners.yaml), authenticated by HMAC
 * (server/affiliates/partnerAuth.ts) rather than cookies:
 *
 *   POST /api/partners/claims                    create a claim request for a consumer → its signed link
 *   POST /api/partners/claims/:id/link           a fresh link for one of the partner's own claim requests
 *
 * Mounted before the JSON parser: the signature covers the raw body.
 */
import express, { Router, type Request } from "express";
import { z } from "zod";
import { createPartnerClaim, issuePartnerLink, partnerClaimBody, PartnerClaimError } from "../affiliates/partnerClaims";
import { authenticatePartner } from "../affiliates/partnerAuth";
import { MAX_LINK_MINUTES, partnersFor } from "../auth/affiliateLinks";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { devToolsAllowed } from "../http/devTools";
import { HttpError, badRequest } from "../http/errors";
import { publicOrigin } from "../publicOrigin";
import { isUuid } from "../http/validate";
import { rememberPartnerNonce } from "../store/partnerNonces";

const linkBody = z.strictObject({ link_minutes: z.number().int().min(1).max(MAX_LINK_MINUTES).optional() });

function parseJson<T>(schema: z.ZodType<T>, raw: string): T {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : {};
  } catch {
    throw badRequest("The body is not valid JSON");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  return parsed.data;
}

export function partnerRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use("/partners", express.raw({ type: () => true, limit: "20kb" }));

  const authenticate = async (req: Request) => {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
    const check = authenticatePartner(
      partnersFor(ctx.affiliatePartners, devToolsAllowed(req)),
      {
        id: req.get("x-partner-id"),
        timestamp: req.get("x-partner-timestamp"),
        nonce: req.get("x-partner-nonce"),
        signature: req.get("x-partner-signature"),
      },
      { method: req.method, path: req.baseUrl + req.path, body: raw },
    );
    // Only a correctly signed request is remembered (so strangers cannot fill the table); a nonce seen before is a replay.
    const reason = !check.ok
      ? check.reason
      : (await rememberPartnerNonce(ctx.db, check.partner.id, check.nonce, check.nonceExpiresAt))
        ? null
        : "nonce already used (a replay)";
    if (reason || !check.ok) {
      (req.log ?? ctx.logger).info({ reason }, "partner API request refused");
      throw new HttpError(401, "The request is not signed by a known partner");
    }
    return { partner: check.partner, raw };
  };
  // A link points at the claim's brand's site (in production its hostname unless the request came to one of them).
  const origin = (req: Request) => (brandId: string) =>
    publicOrigin(req, ctx.brands.find((b) => b.brandId === brandId) ?? brandForRequest(ctx.brands, req, ctx.production), ctx.production);
  const answer = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PartnerClaimError) throw new HttpError(error.status, error.message);
      throw error;
    }
  };

  router.post("/partners/claims", async (req, res) => {
    const { partner, raw } = await authenticate(req);
    const input = parseJson(partnerClaimBody, raw);
    const created = await answer(() => createPartnerClaim(ctx, partner, input, { origin: origin(req) }));
    res.status(201).json(created);
  });

  router.post("/partners/claims/:id/link", async (req, res) => {
    const { partner, raw } = await authenticate(req);
    const id = String(req.params.id);
    if (!isUuid(id)) throw badRequest("id: must be a valid id");
    const input = parseJson(linkBody, raw);
    res.json(await answer(() => issuePartnerLink(ctx.db, partner, id, { origin: origin(req), minutes: input.link_minutes })));
  });

  return router;
}
