/**
 * A soft credit search for a claim request, shared by the funnel's
 * POST /api/credit-check/run and the partner API: run the brand's provider,
 * keep only the agreements the claim's brand can claim for (its eligibility:
 * schema/rules/eligibility.ts), sealed with the data
 * keyring; the bureau's full report, with cards, loans, balances and payment
 * history, is dropped), and save them as claims. What the browser later sees
 * of the report (`browserReport`) is built from those agreements alone.
 */
import { extractClaims, type ExtractedClaim } from "../claims/extractClaims";
import { eligibilityForBrandId } from "./eligibility";
import type { AppContext } from "../context";
import { CREDIT_AGREEMENTS_COLUMN } from "../crypto/sealedColumns";
import type { Queryable } from "../db/db";
import type { CreditProvider, CreditReport, CreditSubject } from "../providers/credit/types";
import type { ClaimRequestRow } from "../store/claimRequests";
import { listClaims, saveClaims, toClaimEntry } from "../store/claims";
import { insertCreditCheck, type CreditCheckRow } from "../store/creditChecks";

/**
 * Kept with a failed check (a stored value, English); the browser is told the shared content's
 * `text.claims.creditReportFailed`. A partial check keeps the bureau's own warning, and the browser is told
 * `text.claims.creditReportPartial`.
 */
export const CREDIT_CHECK_FAILED = "We couldn't process your credit report. Please try again.";

type Deps = Pick<AppContext, "db" | "dataKeyring" | "creditTimeoutMs" | "lenderCatalogue" | "brands"> &
  Partial<Pick<AppContext, "content">>;

export function creditSubjectOf(row: ClaimRequestRow): CreditSubject | null {
  if (!row.first_name || !row.last_name || !row.date_of_birth || !row.address?.postcode) return null;
  return { title: row.title, firstName: row.first_name, lastName: row.last_name, dateOfBirth: row.date_of_birth, address: row.address };
}

async function runProvider(run: () => Promise<CreditReport>, timeoutMs: number): Promise<CreditReport> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Credit provider timed out")), timeoutMs);
  });
  return Promise.race([run(), timeout]).finally(() => clearTimeout(timer));
}

const sealContext = (claimRequestId: string) => CREDIT_AGREEMENTS_COLUMN.context(claimRequestId);

/** The agreements a credit check found, decrypted; [] for an error check. */
export function storedAgreements(
  deps: Pick<AppContext, "dataKeyring">,
  check: Pick<CreditCheckRow, "agreements_sealed" | "claim_request_id">,
): ExtractedClaim[] {
  if (!check.agreements_sealed) return [];
  return JSON.parse(deps.dataKeyring.decryptString(check.agreements_sealed, sealContext(check.claim_request_id))) as ExtractedClaim[];
}

/** The answer's `data.credit_report`, holding only the eligible motor-finance agreements the funnel shows. */
export function browserReport(deps: Pick<AppContext, "dataKeyring">, check: CreditCheckRow) {
  return {
    status: check.status === "partial" ? "partial" : "complete",
    generatedAt: new Date(check.created_at).toISOString(),
    accounts: storedAgreements(deps, check).map((a) => ({
      accountId: a.account_id,
      lenderId: a.lender_id,
      supplierName: a.lender_name,
      accountTypeDescription: a.loan_type,
      startDate: a.start_date,
      paymentFrequency: a.payment_frequency,
    })),
  };
}

export type SearchOutcome = {
  status: "success" | "partial" | "error";
  errorMessage: string | null;
  creditCheckId: string;
  claims: ReturnType<typeof toClaimEntry>[];
};

/**
 * Runs the search and saves what it found. `lock` re-reads the claim request
 * inside the saving transaction (the caller's ownership check); it returns
 * null when the claim is gone.
 */
export async function searchAndSave(
  deps: Deps,
  row: ClaimRequestRow,
  provider: CreditProvider,
  options: { lock?: (tx: Queryable) => Promise<unknown>; onError?: (error: unknown) => void } = {},
): Promise<SearchOutcome> {
  const subject = creditSubjectOf(row);
  if (!subject) throw new Error("claim request has no details to search with");
  const eligibility = eligibilityForBrandId(deps, row.brand_id);
  let report: CreditReport;
  try {
    report = await runProvider(() => provider.run(subject, { eligibility }), deps.creditTimeoutMs);
  } catch (error) {
    options.onError?.(error);
    const check = await insertCreditCheck(deps.db, {
      claimRequestId: row.id,
      provider: provider.name,
      status: "error",
      errorMessage: CREDIT_CHECK_FAILED,
      agreementsSealed: null,
    });
    return { status: "error", errorMessage: CREDIT_CHECK_FAILED, creditCheckId: check.id, claims: [] };
  }
  const extracted = extractClaims(report, deps.lenderCatalogue.lenders, eligibility);
  const status = report.status === "partial" ? "partial" : "success";
  const errorMessage = status === "partial" ? (report.warnings[0] ?? "Some credit reference agencies did not respond.") : null;
  const agreementsSealed = deps.dataKeyring.encrypt(JSON.stringify(extracted), sealContext(row.id));
  const check = await deps.db.transaction(async (tx) => {
    if (options.lock && !(await options.lock(tx))) return null;
    const saved = await insertCreditCheck(tx, { claimRequestId: row.id, provider: provider.name, status, errorMessage, agreementsSealed });
    await saveClaims(
      tx,
      row.id,
      row.claim_reference,
      extracted.map((c) => ({ ...c, source: "credit-check" as const, credit_check_id: saved.id })),
    );
    return saved;
  });
  if (!check) throw new Error("claim request gone");
  const claims = (await listClaims(deps.db, [row.id])).filter((c) => c.credit_check_id === check.id).map(toClaimEntry);
  return { status, errorMessage, creditCheckId: check.id, claims };
}
