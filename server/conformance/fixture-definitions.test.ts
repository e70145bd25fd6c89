/**
 * The tests' own definitions (test-fixtures/definitions) must stay valid definitions: when the format
 * changes, this says the fixtures need the same change, rather than the tests that use them failing oddly.
 */
import { describe, expect, it } from "vitest";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";
import { lintDefinitions } from "../../lint/lint-definitions";

describe("the test fixtures' definitions", () => {
  it("lint clean, with every funnel and brand the tests use", async () => {
    const report = await lintDefinitions([FIXTURE_DEFINITIONS_DIR]);
    expect(report.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(report.funnels.map((f) => f.version)).toEqual(["t1", "t1a"]);
    expect(report.brands).toHaveLength(3);
  });
});
