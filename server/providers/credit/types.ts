import type { Eligibility } from "../../../schema/rules/eligibility";
import type { CreditReport } from "../../claims/creditReport";

/** What a credit provider is asked and answers; the report's shape is claims/creditReport.ts. */
export type { AccountStatus, AccountTypeCode, CreditAccount, CreditReport, PaymentFrequencyCode } from "../../claims/creditReport";
export { ACCOUNT_TYPE_DESCRIPTIONS, PAYMENT_FREQUENCIES } from "../../claims/creditReport";

export interface CreditSubject {
  title: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  address: { buildingName?: string; houseNumber?: string; street?: string; city?: string; county?: string; postcode?: string };
}

/** A provider that could not produce a report (bureau down, refused, timed out). */
export class CreditProviderError extends Error {
  override name = "CreditProviderError";
}

export interface CreditProvider {
  readonly name: string;
  /**
   * Runs a soft search; throws CreditProviderError when the bureau cannot answer. `search.eligibility` is what
   * the brand can claim for: a real bureau reports every account regardless, the sandbox spreads its made-up
   * motor agreements over those windows and loan types.
   */
  run(subject: CreditSubject, search?: { eligibility?: Eligibility }): Promise<CreditReport>;
}
