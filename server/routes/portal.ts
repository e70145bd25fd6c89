/** GET /api/portal/claims: the signed-in user's claim requests with their claims. */
import { Router } from "express";
import { identityOf } from "../auth/requestContext";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { listUserClaimRequests } from "../store/claimRequests";
import { NOT_SIGNED_IN } from "./auth";
import { claimRequestRecords } from "./records";

export function portalRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get("/portal/claims", async (_req, res) => {
    const { user } = identityOf(res);
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    const records = await claimRequestRecords(ctx.db, await listUserClaimRequests(ctx.db, user.id));
    // The portal shows whether a claim is signed, not the signature image itself.
    const claimRequests = records.map(({ signature, ...record }) => ({ ...record, signed: Boolean(signature) }));
    res.json({ user: { email: user.email }, claimRequests, claims: records.flatMap((r) => r.claims) });
  });
  return router;
}
