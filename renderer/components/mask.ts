/** Masking for contact details shown in the portal: enough to recognise, not enough to copy. */
import { ADDRESS_KEYS } from "../../schema/contracts";

export function maskEmail(email: string | null | undefined): string {
  if (!email) return "Not given";
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}•••@${email.slice(at + 1)}`;
}

export function maskPhone(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length < 6) return digits ? "•••" : "Not given";
  return `${digits.slice(0, 2)}••• •••${digits.slice(-3)}`;
}

export function formatAddress(address: Record<string, unknown> | null | undefined): string {
  if (!address) return "Not given";
  const parts = ADDRESS_KEYS.map((key) => (typeof address[key] === "string" ? (address[key] as string).trim() : "")).filter(Boolean);
  // "14" and "Harbour Row" read as "14 Harbour Row".
  const merged: string[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (last && /^\d+[a-z]?$/i.test(last)) merged[merged.length - 1] = `${last} ${part}`;
    else merged.push(part);
  }
  return merged.length ? merged.join(", ") : "Not given";
}
