// Plain Date arithmetic rather than date-fns: the rules run on every funnel step, so this file is part of
// the first page's script, and these two checks are all it needs.

/** Parses an ISO calendar date (YYYY-MM-DD) strictly, as local midnight: 2001-02-30 is not a date. */
export function parseIsoDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(2000, 0, 1);
  // setFullYear, not the constructor: the constructor reads years 0-99 as 1900-1999.
  date.setFullYear(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() + 1 !== mo || date.getDate() !== d) return null;
  return date;
}

/** Whole years from birth to today (negative when birth is later), as date-fns differenceInYears counts them. */
export function ageOn(birth: Date, today: Date): number {
  if (today.getTime() < birth.getTime()) return -ageOn(today, birth) || 0;
  const years = today.getFullYear() - birth.getFullYear();
  // The last year is not full until today's month, day and time of day reach the birth's.
  const sameYear = new Date(today.getTime());
  sameYear.setFullYear(birth.getFullYear());
  return sameYear.getTime() < birth.getTime() ? years - 1 : years;
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
