/**
 * The portal's payout-account API (server/routes/portalPayout.ts), read by renderer/portal/PayoutAccountSection.tsx:
 * the server validates the body with this schema (then the format and the UK modulus check); the browser imports the types.
 */
import { z } from "zod";
import type { CodeBody } from "./portalContact";

/** The account as the portal shows it: enough to recognise, never the full numbers. */
export interface MaskedPayoutAccount {
  sort_code: string;
  account_number: string;
  updated_at: string;
}

/** GET /api/portal/payout-account */
export interface PayoutAccountView {
  account: MaskedPayoutAccount | null;
  /** A new account waits for its mailed code. */
  pending: boolean;
}

/** POST /api/portal/payout-account */
export const payoutAccountBody = z.strictObject({
  account_name: z.string().max(100),
  sort_code: z.string().max(20),
  account_number: z.string().max(20),
});
export type PayoutAccountBody = z.infer<typeof payoutAccountBody>;
export interface PayoutAccountAnswer {
  pending: true;
  message: string;
}
/** A refused account: the first problem, and each by the form field it belongs to. */
export interface PayoutAccountRefusal {
  error: string;
  fields?: Partial<Record<keyof PayoutAccountBody, string>>;
}

/** POST /api/portal/payout-account/confirm */
export type PayoutConfirmBody = CodeBody;
export interface PayoutConfirmAnswer {
  account: MaskedPayoutAccount | null;
}
