/**
 * A correction for a misspelt common mail domain ('amira@gmial.com' →
 * 'amira@gmail.com'), using @zootools/email-spell-checker. Only a value with
 * one @ and something either side gets a suggestion, and never itself.
 */
import emailSpellChecker from "@zootools/email-spell-checker";

export interface EmailSuggestion {
  local: string;
  domain: string;
  full: string;
}

export function suggestEmail(value: unknown): EmailSuggestion | null {
  if (typeof value !== "string") return null;
  const email = value.trim();
  const at = email.indexOf("@");
  if (at < 1 || at !== email.lastIndexOf("@") || at === email.length - 1) return null;
  const found = emailSpellChecker.run({ email });
  if (!found || found.full.toLowerCase() === email.toLowerCase()) return null;
  return { local: found.address, domain: found.domain, full: found.full };
}
