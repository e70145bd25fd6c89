import { describe, expect, it } from "vitest";
import { formatReport } from "./format-report";
import type { LintReport } from "./types";

const report: LintReport = {
  files: ["definitions/funnels/v3b.json", "definitions/brands/default.json"],
  funnels: [],
  brands: [],
  problems: [
    {
      file: "definitions/funnels/v3b.json",
      line: 12,
      column: 5,
      path: "/steps/1/blocks/0/type",
      code: "unknown-block",
      severity: "error",
      message: "Unknown block type 'adressLookup'",
      suggestion: "did you mean 'addressLookup'?",
    },
    {
      file: "definitions/brands/default.json",
      line: 1,
      column: 1,
      path: "",
      code: "schema-pointer",
      severity: "warning",
      message: 'No "$schema"',
    },
  ],
};

describe("formatReport", () => {
  it("prints one line per problem and a summary", () => {
    expect(formatReport(report, "text")).toBe(
      [
        "definitions/funnels/v3b.json:12:5 error unknown-block /steps/1/blocks/0/type Unknown block type 'adressLookup' (did you mean 'addressLookup'?)",
        'definitions/brands/default.json:1:1 warning schema-pointer / No "$schema"',
        "2 files checked (0 funnels, 0 brands valid): 1 error, 1 warning",
        "",
      ].join("\n"),
    );
  });

  it("says so when there is nothing to report", () => {
    expect(formatReport({ ...report, problems: [] })).toBe("2 files checked (0 funnels, 0 brands valid): no problems\n");
  });

  it("prints JSON with counts and the problems", () => {
    expect(JSON.parse(formatReport(report, "json"))).toEqual({ files: 2, errors: 1, warnings: 1, problems: report.problems });
  });
});
