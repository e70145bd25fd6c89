/**
 * The sandbox bureau: a deterministic soft search. The same applicant (name
 * and date of birth) always gets the same report. Personas by surname:
 * Nomatch → no agreements, Partial → partial results, Bureauerror → the bureau
 * fails, Timeout → the bureau never answers (the route's timeout fires); anyone else → 2-4 eligible motor-finance agreements among other
 * accounts (see server/providers/README.md). The eligible agreements fall inside the brand's claimable windows and loan types
 * (schema/rules/eligibility.ts); under the default window a given applicant's report is the same as it always was.
 */
import { addMonths, addYears, differenceInCalendarDays, format, parseISO } from "date-fns";
import type { LenderRef } from "../../claims/extractClaims";
import { DEFAULT_ELIGIBILITY, type Eligibility } from "../../../schema/rules/eligibility";
import { seededRandom, type Random } from "./sandboxRandom";
import {
  ACCOUNT_TYPE_DESCRIPTIONS,
  CreditProviderError,
  type AccountTypeCode,
  type CreditAccount,
  type CreditProvider,
  type CreditReport,
  type CreditSubject,
} from "./types";

export const SANDBOX_CREDIT_PERSONAS = {
  nomatch: "no agreements on file",
  partial: "one bureau does not respond: partial results with one agreement",
  bureauerror: "the bureau fails: status error",
  timeout: "the bureau never answers: the route's CREDIT_TIMEOUT_MS fires, status error",
} as const;

/** The order the sandbox draws motor types in (kept, so the default eligibility gives every applicant the report they always had). */
const MOTOR_TYPES: AccountTypeCode[] = ["HP", "CP", "BH", "CY"];

/** The claimable loan types in the sandbox's drawing order, then any others the brand adds. */
function drawableTypes(eligibility: Eligibility): AccountTypeCode[] {
  const allowed = eligibility.loanTypes as readonly AccountTypeCode[];
  return [...MOTOR_TYPES.filter((t) => allowed.includes(t)), ...allowed.filter((t) => !MOTOR_TYPES.includes(t))];
}

const iso = (d: Date) => format(d, "yyyy-MM-dd");

function dateBetween(rng: Random, from: string, to: string): string {
  const start = parseISO(from);
  const days = differenceInCalendarDays(parseISO(to), start);
  return iso(new Date(start.getFullYear(), start.getMonth(), start.getDate() + rng.int(0, Math.max(0, days))));
}

interface AccountSeed {
  supplierName: string;
  supplierType: CreditAccount["supplierType"];
  accountType: AccountTypeCode;
  startDate: string;
  termMonths: number | null;
  openingBalance: number;
  frequency?: CreditAccount["paymentFrequency"];
}

function account(rng: Random, seed: AccountSeed, today: Date): CreditAccount {
  const start = parseISO(seed.startDate);
  const end = seed.termMonths ? addMonths(start, seed.termMonths) : null;
  const settled = end !== null && end < today;
  const payments = seed.termMonths ?? 12;
  const regularPayment = Math.round((seed.openingBalance / payments) * 100) / 100;
  const balloon = seed.accountType === "CP" || seed.accountType === "BH" ? Math.round(seed.openingBalance * 0.35) : undefined;
  return {
    accountId: `SBX${rng.digits(10)}`,
    supplierName: seed.supplierName,
    supplierType: seed.supplierType,
    accountType: seed.accountType,
    accountTypeDescription: ACCOUNT_TYPE_DESCRIPTIONS[seed.accountType],
    startDate: seed.startDate,
    settlementDate: settled && end ? iso(end) : null,
    lastUpdated: iso(settled && end ? end : today),
    status: settled ? "ST" : rng.next() < 0.9 ? "OK" : "AA",
    paymentFrequency: seed.frequency ?? "M",
    termMonths: seed.termMonths,
    openingBalance: seed.openingBalance,
    currentBalance: settled ? 0 : Math.round(seed.openingBalance * rng.next() * 100) / 100,
    regularPayment,
    ...(balloon !== undefined ? { balloonPayment: balloon } : {}),
    paymentHistory: "0".repeat(Math.min(36, payments)),
  };
}

/** Motor agreements inside the claimable windows, never before the applicant turned 18 nor after today. */
function motorAgreements(
  rng: Random,
  lenders: readonly LenderRef[],
  count: number,
  adultFrom: string,
  today: Date,
  eligibility: Eligibility,
): CreditAccount[] {
  const latest = iso(today);
  const windows = eligibility.windows
    .map((w) => ({ from: w.from > adultFrom ? w.from : adultFrom, to: w.to < latest ? w.to : latest }))
    .filter((w) => w.from <= w.to);
  const types = drawableTypes(eligibility);
  if (windows.length === 0 || types.length === 0 || lenders.length === 0) return [];
  const accounts: CreditAccount[] = [];
  for (let i = 0; i < count; i++) {
    const lender = rng.pick(lenders);
    const printed = lender.aliases.length ? rng.pick(lender.aliases) : lender.name.toUpperCase();
    const accountType = rng.pick(types);
    // One window draws nothing to choose it, so the default window keeps every applicant's report as it was.
    const window = windows.length === 1 ? windows[0] : rng.pick(windows);
    accounts.push(
      account(
        rng,
        {
          supplierName: printed,
          supplierType: "MF",
          accountType,
          startDate: dateBetween(rng, window.from, window.to),
          termMonths: rng.pick([24, 36, 48, 60]),
          openingBalance: rng.int(40, 260) * 100,
          frequency: rng.next() < 0.1 ? "W" : "M",
        },
        today,
      ),
    );
  }
  return accounts;
}

/** Accounts that are never claims: leases, loans, cards, mail order, motor finance outside the window. */
function otherAccounts(rng: Random, lenders: readonly LenderRef[], adultFrom: string, today: Date): CreditAccount[] {
  const motorName = () => {
    const lender = rng.pick(lenders);
    return lender.aliases[0] ?? lender.name.toUpperCase();
  };
  const candidates: AccountSeed[] = [
    {
      supplierName: "CAPITAL ONE (EUROPE) PLC",
      supplierType: "CC",
      accountType: "CC",
      startDate: dateBetween(rng, adultFrom > "2009-01-01" ? adultFrom : "2009-01-01", iso(today)),
      termMonths: null,
      openingBalance: 1500,
    },
    {
      supplierName: "SHOP DIRECT FINANCE COMPANY LTD",
      supplierType: "MO",
      accountType: "MO",
      startDate: dateBetween(rng, adultFrom > "2010-01-01" ? adultFrom : "2010-01-01", iso(today)),
      termMonths: null,
      openingBalance: 600,
    },
    {
      supplierName: "BARCLAYS BANK PLC",
      supplierType: "BK",
      accountType: "UL",
      startDate: dateBetween(rng, adultFrom > "2012-01-01" ? adultFrom : "2012-01-01", iso(today)),
      termMonths: 48,
      openingBalance: 7500,
    },
    {
      supplierName: motorName(),
      supplierType: "MF",
      accountType: "FL",
      startDate: dateBetween(rng, adultFrom > "2014-01-01" ? adultFrom : "2014-01-01", "2019-12-31"),
      termMonths: 36,
      openingBalance: 18000,
    },
    {
      supplierName: motorName(),
      supplierType: "MF",
      accountType: "CP",
      startDate: dateBetween(rng, "2021-03-01", iso(today)),
      termMonths: 48,
      openingBalance: 21000,
    },
    {
      supplierName: motorName(),
      supplierType: "MF",
      accountType: "HP",
      startDate: dateBetween(rng, "2004-01-01", "2006-12-31"),
      termMonths: 36,
      openingBalance: 9000,
    },
  ];
  return candidates
    .filter((c) => c.startDate >= adultFrom && c.startDate <= iso(today))
    .filter(() => rng.next() < 0.7)
    .map((seed) => account(rng, seed, today));
}

export interface SandboxCreditOptions {
  lenders: readonly LenderRef[];
  today?: () => Date;
}

export function createSandboxCreditProvider(options: SandboxCreditOptions): CreditProvider {
  const today = options.today ?? (() => new Date());
  return {
    name: "sandbox",
    async run(subject: CreditSubject, search?: { eligibility?: Eligibility }): Promise<CreditReport> {
      const eligibility = search?.eligibility ?? DEFAULT_ELIGIBILITY;
      const persona = subject.lastName.trim().toLowerCase();
      if (persona === "bureauerror") throw new CreditProviderError("Sandbox bureau: the bureau did not respond");
      // Never settles and holds no timer, so it keeps nothing alive once the route has given up.
      if (persona === "timeout") return new Promise<CreditReport>(() => {});
      const now = today();
      const rng = seededRandom(`${subject.firstName.trim().toLowerCase()}|${persona}|${subject.dateOfBirth}`);
      const adultFrom = iso(addYears(parseISO(subject.dateOfBirth), 18));

      let motor: CreditAccount[] = [];
      if (persona === "partial") motor = motorAgreements(rng, options.lenders, 1, adultFrom, now, eligibility);
      else if (persona !== "nomatch") motor = motorAgreements(rng, options.lenders, rng.int(2, 4), adultFrom, now, eligibility);

      // Bureaus often report one agreement twice (two agencies, or a trading style and the legal name).
      if (motor.length >= 2) {
        const first = motor[0];
        const lender = options.lenders.find((l) => [l.name, ...l.aliases].includes(first.supplierName));
        const other = lender ? [lender.name.toUpperCase(), ...lender.aliases].find((a) => a !== first.supplierName) : undefined;
        motor.push({ ...first, accountId: `SBX${rng.digits(10)}`, supplierName: other ?? first.supplierName });
      }

      const partial = persona === "partial";
      return {
        provider: "sandbox",
        reportReference: `SBX-${rng.digits(12)}`,
        generatedAt: now.toISOString(),
        searchType: "soft",
        status: partial ? "partial" : "complete",
        bureaus: [
          { name: "Sandbox Bureau A", status: "responded" },
          { name: "Sandbox Bureau B", status: partial ? "no-response" : "responded" },
        ],
        subject: { matchedOnFile: true, addressesSearched: 1 },
        accounts: [...motor, ...otherAccounts(rng, options.lenders, adultFrom, now)],
        // A bureau's own words, as a real one sends them; the product tells the visitor its own (text.claims.creditReportPartial).
        warnings: partial ? ["Sandbox Bureau B did not respond within the search window"] : [],
      };
    },
  };
}
