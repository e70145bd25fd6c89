import { differenceInYears, isValid, parseISO } from "date-fns";

/** Parses an ISO calendar date (YYYY-MM-DD) strictly: 2001-02-30 is not a date. */
export function parseIsoDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parseISO(value);
  if (!isValid(date)) return null;
  const [y, m, d] = value.split("-").map(Number);
  if (date.getFullYear() !== y || date.getMonth() + 1 !== m || date.getDate() !== d) return null;
  return date;
}

export function ageOn(birth: Date, today: Date): number {
  return differenceInYears(today, birth);
}

/** Digits typed as DDMMYYYY become "DD / MM / YYYY" as the user types. */
export function formatDobInput(raw: string): string {
  const digits = raw.replace(/\D+/g, "").slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean);
  return parts.join(" / ");
}

/** "DD / MM / YYYY" with 8 digits becomes an ISO date string; anything shorter gives "". */
export function dobInputToIso(display: string): string {
  const digits = display.replace(/\D+/g, "");
  if (digits.length !== 8) return "";
  return `${digits.slice(4, 8)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
}

export function isoToDobInput(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]} / ${m[2]} / ${m[1]}` : "";
}
