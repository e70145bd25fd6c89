/**
 * Which agreements on a credit report are potential claims: those of the
 * brand's claimable loan types that started inside one of its claimable
 * windows (schema/rules/eligibility.ts; by default motor finance from
 * 1 January 2007 to 28 January 2021, the commission ban). Suppliers are matched
 * to the lender catalogue by name or alias; the same agreement reported twice
 * is merged. Pure: no I/O.
 */
import { DEFAULT_ELIGIBILITY, isClaimable, type Eligibility } from "../../schema/rules/eligibility";
import { normaliseLenderName } from "../../schema/rules/normaliseLenderName";
import { ACCOUNT_TYPE_DESCRIPTIONS, PAYMENT_FREQUENCIES, type CreditAccount, type CreditReport } from "./creditReport";

export const UNKNOWN_LENDER = "Unknown Lender";

export interface LenderRef {
  id: string;
  name: string;
  aliases: readonly string[];
}

export interface ExtractedClaim {
  lender_id: string | null;
  lender_name: string;
  loan_type: string;
  start_date: string;
  payment_frequency: string | null;
  account_id: string;
  /** What makes two reports of it the same agreement: 'cc:<lender id or name>:<start date>'. */
  dedupe_key: string;
}

export function isEligibleAccount(
  account: Pick<CreditAccount, "accountType" | "startDate">,
  eligibility: Eligibility = DEFAULT_ELIGIBILITY,
): boolean {
  return isClaimable(eligibility, account);
}

/** A lookup from normalised name or alias to the lender. */
export function lenderMatcher(lenders: readonly LenderRef[]): (supplierName: string) => LenderRef | null {
  const byName = new Map<string, LenderRef>();
  for (const lender of lenders) {
    for (const label of [lender.name, ...lender.aliases]) {
      const key = normaliseLenderName(label);
      if (key && !byName.has(key)) byName.set(key, lender);
    }
  }
  return (supplierName) => byName.get(normaliseLenderName(supplierName)) ?? null;
}

export function extractClaims(
  report: Pick<CreditReport, "accounts">,
  lenders: readonly LenderRef[],
  eligibility: Eligibility = DEFAULT_ELIGIBILITY,
): ExtractedClaim[] {
  const match = lenderMatcher(lenders);
  const merged = new Map<string, ExtractedClaim>();
  for (const account of report.accounts ?? []) {
    if (!isEligibleAccount(account, eligibility)) continue;
    const lender = match(account.supplierName ?? "");
    const printed = (account.supplierName ?? "").trim();
    const startDate = account.startDate as string;
    const who = lender ? lender.id : normaliseLenderName(printed) || "unknown";
    const key = `cc:${who}:${startDate}`;
    if (merged.has(key)) continue;
    merged.set(key, {
      lender_id: lender?.id ?? null,
      lender_name: lender?.name ?? (printed || UNKNOWN_LENDER),
      loan_type: ACCOUNT_TYPE_DESCRIPTIONS[account.accountType],
      start_date: startDate,
      payment_frequency: PAYMENT_FREQUENCIES[account.paymentFrequency] ?? null,
      account_id: account.accountId,
      dedupe_key: key,
    });
  }
  return [...merged.values()].sort((a, b) => a.start_date.localeCompare(b.start_date) || a.lender_name.localeCompare(b.lender_name));
}
