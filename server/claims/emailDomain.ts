/**
 * Uncommon top-level domains in a claimant's email are only logged, never refused (a rare TLD is
 * usually real, sometimes a typo such as ".con"): the log carries the TLD alone, never the address.
 */
import type { Logger } from "pino";

const COMMON_TLDS = new Set([
  "com",
  "uk",
  "net",
  "org",
  "co",
  "me",
  "io",
  "info",
  "biz",
  "eu",
  "ie",
  "scot",
  "wales",
  "cymru",
  "london",
  "email",
  "online",
  "live",
]);

export function uncommonTld(email: unknown): string | null {
  if (typeof email !== "string") return null;
  const at = email.lastIndexOf("@");
  if (at < 0) return null;
  const tld =
    email
      .slice(at + 1)
      .split(".")
      .pop()
      ?.trim()
      .toLowerCase() ?? "";
  return tld && !COMMON_TLDS.has(tld) ? tld.slice(0, 24) : null;
}

export function logUncommonEmailDomain(log: Logger, email: unknown, funnelVersion: string): void {
  const tld = uncommonTld(email);
  if (tld) log.info({ tld, funnel: funnelVersion }, "uncommon email domain");
}
