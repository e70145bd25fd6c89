/**
 * Which agreements are claimable for a brand: the brand's `eligibility`, else its company's, else the
 * product's default (the window before the commission ban). Read by credit-search extraction, the sandbox
 * bureau, copy placeholders and the lint, so the window is one fact kept in the definitions.
 */
import type { ClaimableLoanType } from "../eligibility.schema";
import { MONTH_KEYS, type BrandPlaceholderWords } from "../content.schema";
import { fillPlaceholders } from "../placeholders";

export interface EligibilityWindow {
  from: string;
  to: string;
  label?: string;
}

export interface Eligibility {
  windows: readonly EligibilityWindow[];
  loanTypes: readonly ClaimableLoanType[];
}

/** Motor finance (HP, conditional sale, balloon HP, PCP) from 1 January 2007 to 28 January 2021, when discretionary commission was banned. */
export const DEFAULT_ELIGIBILITY: Eligibility = {
  windows: [{ from: "2007-01-01", to: "2021-01-28" }],
  loanTypes: ["HP", "CY", "BH", "CP"],
};

export function resolveEligibility(
  brand: { eligibility?: Eligibility },
  company: { eligibility?: Eligibility } | null | undefined,
): Eligibility {
  return brand.eligibility ?? company?.eligibility ?? DEFAULT_ELIGIBILITY;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isClaimable(eligibility: Eligibility, account: { accountType: string; startDate: string | null }): boolean {
  const start = account.startDate;
  if (!start || !ISO_DATE.test(start)) return false;
  if (!(eligibility.loanTypes as readonly string[]).includes(account.accountType)) return false;
  return eligibility.windows.some((w) => start >= w.from && start <= w.to);
}

type DateWords = Pick<BrandPlaceholderWords, "date" | (typeof MONTH_KEYS)[number]>;

/** "6 April 2007" from "2007-04-06", in the words' language (their month names and `date` order). */
export function longDate(iso: string, words: DateWords): string {
  const [y, m, d] = iso.split("-").map(Number);
  return fillPlaceholders(words.date, { day: d, month: words[MONTH_KEYS[m - 1]], year: y });
}

/** The years the windows span, for copy: "2007 and 2021" (the words' `years`). */
export function claimableYears(eligibility: Eligibility, words: Pick<BrandPlaceholderWords, "years">): string {
  const from = eligibility.windows.map((w) => w.from).sort()[0];
  const to =
    eligibility.windows
      .map((w) => w.to)
      .sort()
      .at(-1) ?? from;
  return fillPlaceholders(words.years, { from: from.slice(0, 4), to: to.slice(0, 4) });
}

/**
 * Every window in words, for copy: "6 April 2007 to 31 March 2014, or 1 April 2014 to 1 November 2024" (each a
 * `period`, each after the first added by `periodsOr`).
 */
export function claimablePeriods(eligibility: Eligibility, words: DateWords & Pick<BrandPlaceholderWords, "period" | "periodsOr">): string {
  const [first = "", ...rest] = [...eligibility.windows]
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((w) => fillPlaceholders(words.period, { from: longDate(w.from, words), to: longDate(w.to, words) }));
  return rest.reduce((periods, period) => fillPlaceholders(words.periodsOr, { periods, period }), first);
}
