import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lintDefinitions } from "./lint-definitions";

const readFixture = (name: string) => {
  const { $schema: _schema, ...rest } = JSON.parse(
    readFileSync(fileURLToPath(new URL(`./fixtures/valid/${name}`, import.meta.url)), "utf8"),
  );
  return rest;
};

function lintWithExperiments(experiments: unknown[]) {
  const funnel = readFixture("minimal-funnel.json");
  funnel.steps[0].blocks[0].id = "start-heading";
  const dir = mkdtempSync(join(tmpdir(), "funnel-lint-experiments-"));
  mkdirSync(join(dir, "funnels"));
  mkdirSync(join(dir, "brands"));
  writeFileSync(join(dir, "funnels/fixture.json"), JSON.stringify(funnel, null, 2));
  writeFileSync(join(dir, "brands/brand.json"), JSON.stringify({ ...readFixture("brand.json"), experiments }, null, 2));
  // Files in a temporary folder have no "$schema" an editor could follow: that warning is not what is tested.
  return lintDefinitions([dir]).then((report) => ({ ...report, problems: report.problems.filter((p) => p.code !== "schema-pointer") }));
}

const variant = (id: string, weight: number, extra: object = {}) => ({ id, weight, ...extra });

describe("experiments in a brand", () => {
  it("accepts weights that add up to 100, a known version and copy on a real block", async () => {
    const report = await lintWithExperiments([
      {
        id: "headline",
        start: "2026-03-01",
        variants: [variant("a", 50), variant("b", 50, { formVersion: "fixture", copy: { "start-heading": { text: "Had car finance?" } } })],
      },
    ]);
    expect(report.problems).toEqual([]);
    expect(report.brands[0].experiments?.[0].variants).toHaveLength(2);
  });

  it("reports weights, unknown versions, override targets, duplicates, dates and two experiments choosing the version", async () => {
    const report = await lintWithExperiments([
      {
        id: "landing",
        start: "2026-03-01",
        end: "2026-02-01",
        variants: [
          variant("a", 60, { formVersion: "fixtrue" }),
          variant("a", 30, { copy: { "start-headng": { text: "x" }, "start-heading": { nope: "x" } } }),
        ],
      },
      { id: "landing", start: "2026-01-01", variants: [variant("a", 50, { formVersion: "fixture" }), variant("b", 50)] },
      { id: "zero", start: "2026-01-01", variants: [variant("a", 0), variant("b", 50)] },
    ]);
    const found = report.problems.map((p) => [p.code, p.path, p.severity]);
    expect(found).toEqual(
      expect.arrayContaining([
        ["experiment-invalid", "/experiments/0/end", "error"],
        ["experiment-invalid", "/experiments/0/variants/1/id", "error"],
        ["unknown-form-version", "/experiments/0/variants/0/formVersion", "error"],
        ["unknown-copy-target", "/experiments/0/variants/1/copy/start-headng", "error"],
        ["unknown-copy-prop", "/experiments/0/variants/1/copy/start-heading/nope", "error"],
        ["experiment-weights", "/experiments/0/variants", "warning"],
        ["experiment-invalid", "/experiments/1/id", "error"],
        ["experiment-invalid", "/experiments/1", "error"],
      ]),
    );
    // A weight of 0 is refused by the schema.
    expect(report.problems.some((p) => p.path.startsWith("/experiments/2/variants/0/weight"))).toBe(true);
    expect(report.problems.find((p) => p.code === "unknown-form-version")?.suggestion).toBe("did you mean 'fixture'?");
  });
});
