import { describe, expect, it } from "vitest";
import type { CreditAccount } from "../providers/credit/types";
import { extractClaims, isEligibleAccount, lenderMatcher, type LenderRef } from "./extractClaims";

const LENDERS: LenderRef[] = [
  { id: "11111111-1111-4111-8111-111111111111", name: "Black Horse", aliases: ["BLACK HORSE LTD", "JAGUAR FINANCIAL SERVICES"] },
  {
    id: "22222222-2222-4222-8222-222222222222",
    name: "MotoNovo Finance",
    aliases: ["MOTONOVO FINANCE LTD", "FIRSTRAND BANK LTD LONDON BRANCH"],
  },
  { id: "33333333-3333-4333-8333-333333333333", name: "Close Brothers Motor Finance", aliases: ["CLOSE BROTHERS LTD"] },
];

let n = 0;
function account(overrides: Partial<CreditAccount>): CreditAccount {
  n += 1;
  return {
    accountId: `ACC${String(n).padStart(6, "0")}`,
    supplierName: "BLACK HORSE LTD",
    supplierType: "MF",
    accountType: "HP",
    accountTypeDescription: "Hire Purchase",
    startDate: "2015-06-01",
    settlementDate: null,
    lastUpdated: "2024-01-01",
    status: "OK",
    paymentFrequency: "M",
    termMonths: 48,
    openingBalance: 12000,
    currentBalance: 0,
    regularPayment: 250,
    paymentHistory: "000000",
    ...overrides,
  };
}

const extract = (...accounts: CreditAccount[]) => extractClaims({ accounts }, LENDERS);

describe("eligibility window", () => {
  it.each([
    ["2006-12-31", false],
    ["2007-01-01", true],
    ["2014-07-15", true],
    ["2021-01-28", true],
    ["2021-01-29", false],
  ])("start %s eligible: %s", (startDate, eligible) => {
    expect(extract(account({ startDate }))).toHaveLength(eligible ? 1 : 0);
  });

  it("an account without a usable start date is not a claim", () => {
    expect(extract(account({ startDate: null }), account({ startDate: "15/06/2015" }))).toEqual([]);
  });
});

describe("eligible account types", () => {
  it.each([
    ["HP", true],
    ["CY", true],
    ["BH", true],
    ["CP", true],
    ["FL", false],
    ["OL", false],
    ["CH", false],
    ["ML", false],
    ["CS", false],
    ["SC", false],
    ["UL", false],
    ["CC", false],
    ["MO", false],
    ["CX", false],
  ] as const)("%s eligible: %s", (accountType, eligible) => {
    expect(isEligibleAccount({ accountType, startDate: "2015-01-01" })).toBe(eligible);
  });

  it("a finance lease from a motor lender is not a claim", () => {
    expect(extract(account({ accountType: "FL", accountTypeDescription: "Finance Lease" }))).toEqual([]);
  });
});

describe("lender matching", () => {
  it("matches by alias as the bureau prints it", () => {
    const [claim] = extract(account({ supplierName: "JAGUAR FINANCIAL SERVICES" }));
    expect(claim).toMatchObject({ lender_id: LENDERS[0].id, lender_name: "Black Horse" });
  });

  it("matches by name, ignoring case, punctuation and legal suffixes", () => {
    const match = lenderMatcher(LENDERS);
    expect(match("Motonovo Finance")?.id).toBe(LENDERS[1].id);
    expect(match("motonovo finance limited")?.id).toBe(LENDERS[1].id);
    expect(match("FirstRand Bank Ltd. London Branch")?.id).toBe(LENDERS[1].id);
    expect(match("Close Brothers PLC")?.id).toBe(LENDERS[2].id);
    expect(match("Black Horses")).toBeNull();
  });

  it("keeps an unknown supplier's printed name, with no lender id", () => {
    const [claim] = extract(account({ supplierName: "ACME AUTO CREDIT LTD" }));
    expect(claim).toMatchObject({ lender_id: null, lender_name: "ACME AUTO CREDIT LTD" });
  });

  it("names a blank supplier Unknown Lender", () => {
    expect(extract(account({ supplierName: "  " }))[0].lender_name).toBe("Unknown Lender");
  });
});

describe("output", () => {
  it("describes the agreement as a claim entry", () => {
    const [claim] = extract(account({ accountId: "SBX0000000042", accountType: "CP", paymentFrequency: "W", startDate: "2018-03-09" }));
    expect(claim).toEqual({
      lender_id: LENDERS[0].id,
      lender_name: "Black Horse",
      loan_type: "Personal Contract Purchase",
      start_date: "2018-03-09",
      payment_frequency: "Weekly",
      account_id: "SBX0000000042",
      dedupe_key: `cc:${LENDERS[0].id}:2018-03-09`,
    });
  });

  it("merges one agreement reported twice (alias and legal name, two bureaus)", () => {
    const claims = extract(
      account({ supplierName: "BLACK HORSE LTD", startDate: "2016-02-01" }),
      account({ supplierName: "Jaguar Financial Services", startDate: "2016-02-01" }),
      account({ supplierName: "BLACK HORSE LTD", startDate: "2019-09-30" }),
    );
    expect(claims.map((c) => c.start_date)).toEqual(["2016-02-01", "2019-09-30"]);
  });

  it("sorts by start date and ignores a report with no accounts", () => {
    expect(
      extract(account({ startDate: "2019-01-01" }), account({ startDate: "2009-01-01", supplierName: "CLOSE BROTHERS LTD" })).map(
        (c) => c.start_date,
      ),
    ).toEqual(["2009-01-01", "2019-01-01"]);
    expect(extractClaims({ accounts: [] }, LENDERS)).toEqual([]);
  });
});

describe("the brand's eligibility", () => {
  const scheme = {
    windows: [
      { from: "2007-04-06", to: "2014-03-31" },
      { from: "2014-04-01", to: "2024-11-01" },
    ],
    loanTypes: ["HP", "CP"] as const,
  };
  const report = {
    accounts: [
      account({ startDate: "2007-02-01" }),
      account({ startDate: "2022-09-14", accountType: "CP", supplierName: "MOTONOVO FINANCE LTD" }),
      account({ startDate: "2023-03-02", accountType: "CY", supplierName: "CLOSE BROTHERS LTD" }),
    ],
  };

  it("claims the same report's 2022 agreement under the scheme's windows, and not under the default window", () => {
    expect(extractClaims(report, LENDERS, { ...scheme, loanTypes: [...scheme.loanTypes] }).map((c) => c.start_date)).toEqual([
      "2022-09-14",
    ]);
    expect(extractClaims(report, LENDERS).map((c) => c.start_date)).toEqual(["2007-02-01"]);
  });
});
