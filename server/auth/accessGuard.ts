/**
 * A funnel's access guard (schema `access`), decided on the server: the SPA
 * handler answers a guarded page with a 302 before rendering, and
 * GET /api/access answers the browser, which shows 'Checking access
 * permissions...' meanwhile. Checks run in the definition's order; the first
 * that fails decides the redirect.
 */
import type { AccessGuard, FunnelDefinition } from "../../schema/types";
import type { Db } from "../db/db";
import { isUuid } from "../http/validate";
import { findOwnedClaimRequest, type ClaimRequestRow } from "../store/claimRequests";
import type { UserRow } from "../store/users";

export type AccessDecision =
  { ok: true; user: UserRow | null; claimRequest: ClaimRequestRow | null } | { ok: false; redirect: string; failed: string };

const present = (value: unknown) => value !== undefined && value !== null && value !== "" && value !== false;

export async function decideAccess(
  db: Db,
  guard: AccessGuard | undefined,
  input: { user: UserRow | null; scopeClaimRequestId?: string | null; stepId: string },
): Promise<AccessDecision> {
  const { user } = input;
  let claimRequest: ClaimRequestRow | null = null;
  if (!guard) return { ok: true, user, claimRequest };
  for (const check of guard.checks) {
    if (check.exceptSteps?.includes(input.stepId)) continue;
    const fail = (): AccessDecision => ({ ok: false, redirect: check.otherwise, failed: check.check });
    const metadata = user?.metadata ?? {};
    switch (check.check) {
      case "signedIn":
        if (!user) return fail();
        break;
      case "userMetadata":
        if (!user || !check.keys.every((key) => present(metadata[key]))) return fail();
        break;
      case "claimRequest": {
        const id = metadata[check.idFrom];
        if (!user || !isUuid(id)) return fail();
        try {
          claimRequest = await findOwnedClaimRequest(db, id, { userId: user.id, scopeClaimRequestId: input.scopeClaimRequestId });
        } catch {
          return fail(); // an error reading the claim sends the visitor away, like a missing one
        }
        if (!claimRequest) return fail();
        break;
      }
      case "claimNotSigned":
        if (!claimRequest || claimRequest.signature) return fail();
        break;
    }
  }
  // A check skipped on this step may still be needed for loading the data.
  if (guard.load === "claimRequest" && !claimRequest && user) {
    const key = guard.checks.find((c) => c.check === "claimRequest");
    const id = key && "idFrom" in key ? user.metadata[key.idFrom] : undefined;
    if (isUuid(id))
      claimRequest = await findOwnedClaimRequest(db, id, { userId: user.id, scopeClaimRequestId: input.scopeClaimRequestId }).catch(
        () => null,
      );
  }
  return { ok: true, user, claimRequest };
}

export const guardOf = (funnel: FunnelDefinition | null | undefined) => funnel?.access;
