/**
 * Which new passwords are refused: shorter than 8 characters, or one of the
 * most common passwords (the ~49,000 of @zxcvbn-ts/language-common's list,
 * compared without regard to case), said in plain words.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";
export const PASSWORD_TOO_COMMON =
  "This password is one of the most commonly used passwords, so it is easy to guess. Please choose a different one.";
export const PASSWORD_IS_EMAIL = "Your password must not be your email address. Please choose a different one.";

let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase())));

/** The message to show for a password that may not be used, else null. */
export function newPasswordProblem(password: string, email?: string | null): string | null {
  if (password.length < 8) return PASSWORD_TOO_SHORT;
  const lower = password.normalize("NFKC").toLowerCase();
  if (commonPasswords().has(lower)) return PASSWORD_TOO_COMMON;
  if (email && lower === email.trim().toLowerCase()) return PASSWORD_IS_EMAIL;
  return null;
}
