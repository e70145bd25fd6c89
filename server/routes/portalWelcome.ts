/**
 * POST /api/portal/first-visit: whether this is the account's first portal visit (metadata first_login,
 * written at account setup), clearing it so the greeting is shown once. {firstVisit, fromV2Confirmation, firstName}
 */
import { Router } from "express";
import type { AppContext } from "../context";
import { signedInUser } from "../portal/signedInUser";
import { listUserClaimRequests } from "../store/claimRequests";
import { updateUserMetadata } from "../store/users";

export function portalWelcomeRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post("/portal/first-visit", async (_req, res) => {
    const user = signedInUser(res);
    const firstVisit = user.metadata.first_login === true;
    if (firstVisit) await updateUserMetadata(ctx.db, user.id, { first_login: false, is_new_user: false });
    const requests = await listUserClaimRequests(ctx.db, user.id);
    res.json({
      firstVisit,
      fromV2Confirmation: user.metadata.from_v2_confirmation === true,
      firstName: requests.find((r) => r.first_name)?.first_name ?? null,
    });
  });
  return router;
}
