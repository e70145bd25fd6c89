/** Agreements the credit check found (claims with source 'credit-check'), for the list above the picker. */
import { format, isValid, parseISO } from "date-fns";
import type { LenderRef } from "./filterLenders";
import { dateOptions } from "../../runtime/dateLocale";

export interface FoundAgreement {
  key: string;
  lenderId: string | null;
  lenderName: string;
  startDate: string;
}

interface ClaimLike {
  id?: unknown;
  lender_id?: unknown;
  lender_name?: unknown;
  lender?: { id?: unknown; name?: unknown } | null;
  source?: unknown;
  start_date?: unknown;
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** 'dd MMM yyyy' (e.g. 05 Mar 2016), or 'Unknown date' when missing or unreadable. */
export function formatStartDate(value: unknown): string {
  const text = str(value);
  if (!text) return "Unknown date";
  // A date-only prefix is read as a calendar date, so no time zone can move it a day.
  const dateOnly = /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0] ?? text;
  const date = parseISO(dateOnly);
  return isValid(date) ? format(date, "dd MMM yyyy", dateOptions()) : "Unknown date";
}

export function creditCheckAgreements(claims: unknown): FoundAgreement[] {
  if (!Array.isArray(claims)) return [];
  return (claims as ClaimLike[])
    .filter((c) => c && c.source === "credit-check")
    .map((c, index) => {
      const lenderId = str(c.lender_id) ?? str(c.lender?.id);
      return {
        key: str(c.id) ?? `${lenderId ?? "claim"}-${index}`,
        lenderId,
        lenderName: str(c.lender_name) ?? str(c.lender?.name) ?? "Unknown Lender",
        startDate: formatStartDate(c.start_date),
      };
    });
}

/** The found agreements as things the search should leave out. */
export function agreementRefs(found: readonly FoundAgreement[]): LenderRef[] {
  return found.map((f) => ({ id: f.lenderId, name: f.lenderName }));
}
