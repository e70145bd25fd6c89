import { describe, expect, it } from "vitest";
import { agreementRefs, creditCheckAgreements, formatStartDate } from "./foundClaims";

const WORDS = { unknownLender: "Unknown Lender", unknownDate: "Unknown date" };

describe("formatStartDate", () => {
  it("formats as dd MMM yyyy", () => {
    expect(formatStartDate("2016-03-05", "Unknown date")).toBe("05 Mar 2016");
    expect(formatStartDate("2019-11-30T23:30:00-05:00", "Unknown date")).toBe("30 Nov 2019");
  });

  it("says 'Unknown date' when missing or unreadable", () => {
    expect(formatStartDate(undefined, "Unknown date")).toBe("Unknown date");
    expect(formatStartDate(null, "Unknown date")).toBe("Unknown date");
    expect(formatStartDate("", "Unknown date")).toBe("Unknown date");
    expect(formatStartDate("not a date", "Unknown date")).toBe("Unknown date");
  });
});

describe("creditCheckAgreements", () => {
  it("lists only credit-check claims with lender name and date", () => {
    const claims = [
      { id: "c1", lender_id: "l1", lender_name: "Black Horse", source: "credit-check", start_date: "2015-01-20" },
      { id: "c2", lender_id: "l2", lender_name: "Manual Lender", source: "manual" },
      { id: "c3", lender: { id: "l3", name: "MotoNovo Finance" }, source: "credit-check", start_date: null },
      { source: "credit-check" },
    ];
    expect(creditCheckAgreements(claims, WORDS)).toEqual([
      { key: "c1", lenderId: "l1", lenderName: "Black Horse", startDate: "20 Jan 2015" },
      { key: "c3", lenderId: "l3", lenderName: "MotoNovo Finance", startDate: "Unknown date" },
      { key: "claim-2", lenderId: null, lenderName: "Unknown Lender", startDate: "Unknown date" },
    ]);
  });

  it("gives nothing for missing claims", () => {
    expect(creditCheckAgreements(undefined, WORDS)).toEqual([]);
  });

  it("turns agreements into search exclusions", () => {
    expect(
      agreementRefs(creditCheckAgreements([{ id: "c1", lender_id: "l1", lender_name: "Black Horse", source: "credit-check" }], WORDS)),
    ).toEqual([{ id: "l1", name: "Black Horse" }]);
  });
});
