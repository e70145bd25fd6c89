/**
 * Calls a funnel's hooks make about one claim request (server/routes: crm.ts, identity.ts, account.ts, creditCheck.ts,
 * resume.ts), read by renderer/hooks and renderer/funnel: the server validates each body with these schemas; the
 * browser imports the types.
 */
import { z } from "zod";
import { uuid } from "./claimRequests";

/** A call that names only the visitor's claim request (POST /api/account/check, /api/account/email-code, /api/credit-check/run). */
export const claimRequestBody = z.strictObject({ claim_request_id: uuid });
export type ClaimRequestBody = z.infer<typeof claimRequestBody>;

/** POST /api/crm/clients: the brand and provider sent are ignored; the claim request's brand's are used. */
export const crmClientBody = z.strictObject({
  claim_request_id: uuid,
  brand_id: z.string().min(1).max(100),
  provider_type: z.string().min(1).max(100),
});
export type CrmClientBody = z.infer<typeof crmClientBody>;
export type CrmClientAnswer = { success: true; client: { uuid: string } } | { success: false; error: string };

/** POST /api/account/check: whether the claim request is in an account, and whether its email has one once proven. */
export interface AccountCheckAnswer {
  existingUser: boolean;
  emailVerified: boolean;
}

/** GET /api/claim-requests/:id/form-data: the claim request as the funnel's form data (signature included). */
export interface ClaimFormDataAnswer {
  data: Record<string, unknown>;
}
