/**
 * Which new passwords are refused: shorter than 8 characters, or one of the
 * most common passwords (the ~49,000 of @zxcvbn-ts/language-common's list,
 * compared without regard to case), said in the shared content's words (`text.passwordPolicy`, in the visit's language).
 */
import { dictionary } from "@zxcvbn-ts/language-common";

import type { SiteText } from "../../schema/content.schema";

export type PasswordPolicyWords = SiteText["passwordPolicy"];

let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase())));

/** The message to show for a password that may not be used, else null. */
export function newPasswordProblem(words: PasswordPolicyWords, password: string, email?: string | null): string | null {
  if (password.length < 8) return words.tooShort;
  const lower = password.normalize("NFKC").toLowerCase();
  if (commonPasswords().has(lower)) return words.tooCommon;
  if (email && lower === email.trim().toLowerCase()) return words.isEmail;
  return null;
}
