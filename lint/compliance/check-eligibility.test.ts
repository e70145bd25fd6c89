import { describe, expect, it } from "vitest";
import { checkEligibility } from "./check-eligibility";

const company = (windows: { from: string; to: string }[]) => ({ companyId: "c", eligibility: { windows, loanTypes: ["HP"] } });

describe("eligibility-window", () => {
  it("accepts the redress scheme's two adjoining windows", () => {
    expect(
      checkEligibility(
        company([
          { from: "2014-04-01", to: "2024-11-01" },
          { from: "2007-04-06", to: "2014-03-31" },
        ]),
      ),
    ).toEqual([]);
  });

  it("reports a window that ends before it starts, at its 'to'", () => {
    expect(checkEligibility(company([{ from: "2021-01-28", to: "2007-01-01" }]))).toMatchObject([
      { code: "eligibility-window", path: "/eligibility/windows/0/to" },
    ]);
  });

  it("reports a window that overlaps an earlier one, at its 'from'", () => {
    const findings = checkEligibility(
      company([
        { from: "2007-01-01", to: "2015-01-01" },
        { from: "2014-04-01", to: "2024-11-01" },
      ]),
    );
    expect(findings).toMatchObject([{ code: "eligibility-window", path: "/eligibility/windows/1/from" }]);
    expect(findings[0].message).toContain("2015-01-01");
  });
});
