/**
 * A credit report, what a credit provider returns (providers/credit/types.ts) and claims are found in
 * (extractClaims.ts): a report shaped like a UK bureau's
 * (TransUnion-style account type codes, supplier names as printed, start and
 * settlement dates, statuses, a payment history most recent first).
 */

/** HP hire purchase, CY conditional sale, BH balloon HP, CP PCP, CX credit sale, ML motor loan, CS unsecured car loan,
 * SC secured car loan, FL/OL finance/operating lease, CH contract hire (rental), UL unsecured loan, CC credit card, MO mail order. */
export type AccountTypeCode = "HP" | "CY" | "BH" | "CP" | "CX" | "ML" | "CS" | "SC" | "FL" | "OL" | "CH" | "UL" | "CC" | "MO";
export type AccountStatus = "OK" | "ST" | "DF" | "AA" | "DR";
export type PaymentFrequencyCode = "W" | "F" | "M" | "Q" | "A";

export interface CreditAccount {
  accountId: string;
  supplierName: string;
  /** MF motor finance, BK bank, FN finance house, CC card issuer, MO mail order. */
  supplierType: "MF" | "BK" | "FN" | "CC" | "MO";
  accountType: AccountTypeCode;
  accountTypeDescription: string;
  startDate: string | null;
  settlementDate: string | null;
  lastUpdated: string;
  status: AccountStatus;
  paymentFrequency: PaymentFrequencyCode;
  termMonths: number | null;
  openingBalance: number;
  currentBalance: number;
  regularPayment: number;
  balloonPayment?: number;
  paymentHistory: string;
}

export interface CreditReport {
  provider: string;
  reportReference: string;
  generatedAt: string;
  searchType: "soft";
  status: "complete" | "partial";
  bureaus: { name: string; status: "responded" | "no-response" }[];
  subject: { matchedOnFile: boolean; addressesSearched: number };
  accounts: CreditAccount[];
  warnings: string[];
}

export const ACCOUNT_TYPE_DESCRIPTIONS: Record<AccountTypeCode, string> = {
  HP: "Hire Purchase",
  CY: "Conditional Sale",
  BH: "Balloon Hire Purchase",
  CP: "Personal Contract Purchase",
  CX: "Credit Sale",
  ML: "Motor Finance Loan",
  CS: "Unsecured Car Loan",
  SC: "Secured Car Loan",
  FL: "Finance Lease",
  OL: "Operating Lease",
  CH: "Contract Hire",
  UL: "Unsecured Loan",
  CC: "Credit Card",
  MO: "Mail Order",
};

export const PAYMENT_FREQUENCIES: Record<PaymentFrequencyCode, string> = {
  W: "Weekly",
  F: "Fortnightly",
  M: "Monthly",
  Q: "Quarterly",
  A: "Annually",
};
