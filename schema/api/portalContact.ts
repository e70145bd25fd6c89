/**
 * The portal's contact-details API (server/routes/portalContact.ts): bodies validated by the server with these
 * schemas, answers typed by them; the browser (renderer/portal/ContactDetailsSection.tsx) imports the types.
 * Whether a mobile number or an email address is valid is the brand's funnel's say (its field rules), not these
 * schemas': they only bound the size of what is sent.
 */
import { z } from "zod";

/** GET /api/portal/contact */
export interface PortalContact {
  email: string;
  phone_number: string | null;
  /** An email change is waiting for its code. */
  pendingEmail: boolean;
  /** The account has a password (an email change then asks for it). */
  passwordSet: boolean;
}

/** POST /api/portal/contact/phone */
export const phoneChangeBody = z.strictObject({ phone_number: z.string().max(30) });
export type PhoneChangeBody = z.infer<typeof phoneChangeBody>;
/** The number as stored: the funnel's transforms applied. */
export interface PhoneChangeAnswer {
  phone_number: string;
}

/** POST /api/portal/contact/email */
export const emailChangeBody = z.strictObject({ email: z.string().trim().max(254), password: z.string().max(200).optional() });
export type EmailChangeBody = z.input<typeof emailChangeBody>;
/** Which mailbox the pending change's code went to. */
export type CodeSentTo = "current" | "new";
export interface EmailChangeAnswer {
  pending: true;
  sentTo: CodeSentTo;
  message: string;
}

/** POST /api/portal/contact/email/confirm */
export const codeBody = z.strictObject({ code: z.string().trim().max(10) });
export type CodeBody = z.input<typeof codeBody>;
/** The current address's code: a code now goes to the new one; the new address's code: the account uses it. */
export type EmailConfirmAnswer = EmailChangeAnswer | { email: string };

/** A refused contact change: the message, and the same message by the form field it belongs to. */
export interface ContactRefusal {
  error: string;
  fields?: Partial<Record<"email" | "phone_number" | "password", string>>;
  attemptsRemaining?: number;
}
