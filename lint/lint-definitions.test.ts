import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lintDefinitions } from "./lint-definitions";

const root = fileURLToPath(new URL("../", import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));

/** A throwaway definitions folder: { "funnels/a.json": {...}, "brands/b.json": {...} }. */
function definitionsDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "funnel-lint-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

const codesOf = (problems: { code: string; file: string }[]) => problems.map((p) => p.code);

describe("lintDefinitions on the real definitions", () => {
  it("finds them clean and returns the parsed funnels and brands", async () => {
    const report = await lintDefinitions([join(root, "definitions")]);
    expect(report.problems).toEqual([]);
    // Every funnel and brand file in the folders (v3b, v1, … as they are added).
    const funnelFiles = readdirSync(join(root, "definitions/funnels")).filter((f) => f.endsWith(".json"));
    const brandFiles = readdirSync(join(root, "definitions/brands")).filter((f) => f.endsWith(".json"));
    const contentFiles = ["content", "companies", "lenders", "parts", "parts/fields", "parts/blocks", "parts/machines"].flatMap((d) =>
      readdirSync(join(root, "definitions", d)).filter((f) => f.endsWith(".json") && !f.endsWith(".schema.json")),
    );
    expect(funnelFiles).toContain("v3b.json");
    const files = report.files.map((f) => f.replace(/\\/g, "/"));
    expect(files).toHaveLength(funnelFiles.length + brandFiles.length + contentFiles.length);
    expect(report.content).toHaveLength(1);
    expect(report.companies?.map((c) => c.companyId)).toContain("fairway-legal");
    for (const file of funnelFiles)
      expect(files).toContainEqual(expect.stringMatching(new RegExp(`definitions/funnels/${file.replace(".", "\\.")}$`)));
    expect(files).toContainEqual(expect.stringMatching(/definitions\/brands\/default\.json$/));
    expect(report.funnels.map((f) => `${f.version}.json`).sort()).toEqual([...funnelFiles].sort());
    expect(report.brands).toHaveLength(brandFiles.length);
    expect(report.brands.map((b) => b.brandId)).toContain("fairdrive");
  });

  it("accepts a funnels/ folder or a single file", async () => {
    const funnelCount = readdirSync(join(root, "definitions/funnels")).filter((f) => f.endsWith(".json")).length;
    expect((await lintDefinitions([join(root, "definitions/funnels")])).funnels).toHaveLength(funnelCount);
    expect((await lintDefinitions([join(root, "definitions/funnels/v3b.json")])).funnels).toHaveLength(1);
    expect((await lintDefinitions([join(root, "definitions/brands/default.json")])).brands).toHaveLength(1);
  });
});

describe("lintDefinitions inputs", () => {
  it("reports a path that does not exist and a folder without definitions", async () => {
    const empty = definitionsDir({ "notes.txt": "x" });
    const report = await lintDefinitions(["no/such/place", empty]);
    expect(codesOf(report.problems)).toEqual(["file-not-found", "no-definitions"]);
    expect(report.problems[0]).toMatchObject({ file: "no/such/place", line: 1, column: 1, severity: "error" });
  });

  it("reports a file it cannot classify", async () => {
    const dir = definitionsDir({ "misc/thing.json": { hello: "world" } });
    expect(codesOf((await lintDefinitions([join(dir, "misc/thing.json")])).problems)).toEqual(["unknown-file-kind"]);
  });

  it("warns when $schema is missing or wrong, and when a funnel's file is not named after its version", async () => {
    const funnel = readJson(fixture("valid/minimal-funnel.json"));
    const { $schema: _, ...noSchema } = funnel;
    const dir = definitionsDir({
      "funnels/fixture.json": noSchema,
      "funnels/other.json": { ...funnel, version: "other", routing: { ...funnel.routing, path: "other" }, $schema: "x.json" },
    });
    const report = await lintDefinitions([join(dir, "funnels")]);
    expect(report.problems.map((p) => [p.code, p.severity, p.path])).toEqual([
      ["schema-pointer", "warning", ""],
      ["schema-pointer", "warning", "/$schema"],
    ]);
    const renamed = definitionsDir({ "funnels/v9.json": { ...funnel, $schema: undefined } });
    expect(codesOf((await lintDefinitions([renamed])).problems)).toEqual(["schema-pointer", "file-name-mismatch"]);
  });

  it("still runs cross-reference checks on a file that fails the schema, and leaves it out of funnels", async () => {
    const funnel = readJson(fixture("valid/minimal-funnel.json"));
    funnel.title = 7;
    funnel.steps[1].back = { step: "nowhere" };
    const dir = definitionsDir({ "funnels/fixture.json": funnel });
    const report = await lintDefinitions([join(dir, "funnels/fixture.json")]);
    expect(codesOf(report.problems)).toEqual(["schema-pointer", "schema", "missing-target"]);
    expect(report.funnels).toEqual([]);
  });
});

describe("checks across files", () => {
  const funnel = readJson(fixture("valid/minimal-funnel.json"));
  const brand = readJson(fixture("valid/brand.json"));
  const noSchema = <T extends { $schema?: string }>(d: T) => ({ ...d, $schema: undefined });

  it("rejects duplicate routing paths and duplicate brand ids, hostnames and defaults", async () => {
    const dir = definitionsDir({
      "funnels/fixture.json": noSchema(funnel),
      "funnels/v2.json": { ...noSchema(funnel), version: "v2", routing: { path: "v2", unknownStep: "notFound", mirrors: ["fixture"] } },
      "brands/a.json": noSchema(brand),
      "brands/b.json": { ...noSchema(brand), hostnames: ["other.localhost", "FIXTURE.localhost"] },
    });
    const problems = (await lintDefinitions([dir])).problems.filter((p) => p.code !== "schema-pointer");
    expect(problems.map((p) => [p.file.replace(/.*[\\/](\w+[\\/]\w+\.json)$/, "$1"), p.code, p.path, p.line])).toEqual([
      ["funnels/v2.json", "duplicate-path", "/routing/mirrors/0", expect.any(Number)],
      ["brands/b.json", "duplicate-brand", "/brandId", 2],
      ["brands/b.json", "duplicate-hostname", "/hostnames/1", expect.any(Number)],
      ["brands/b.json", "default-brand", "/isDefault", expect.any(Number)],
    ]);
  });

  it("requires a default brand when a whole brands folder is linted", async () => {
    const dir = definitionsDir({ "brands/a.json": { ...noSchema(brand), isDefault: false } });
    expect(codesOf((await lintDefinitions([dir])).problems)).toEqual(["default-brand", "schema-pointer"]);
    expect(codesOf((await lintDefinitions([join(dir, "brands/a.json")])).problems)).toEqual(["schema-pointer"]);
  });

  it("accepts a formVersion naming a mirror or redirect path, and skips the check without funnels", async () => {
    const mirrored = {
      ...noSchema(funnel),
      routing: { ...funnel.routing, mirrors: ["v3"], redirectFrom: [{ path: "v2", fallbackStep: "address" }] },
    };
    const dir = definitionsDir({
      "funnels/fixture.json": mirrored,
      "brands/a.json": { ...noSchema(brand), formVersion: "v3" },
      "brands/b.json": { ...noSchema(brand), brandId: "b", isDefault: false, hostnames: ["b.localhost"], formVersion: "v2" },
    });
    expect(codesOf((await lintDefinitions([dir])).problems).filter((c) => c !== "schema-pointer")).toEqual([]);
    expect(codesOf((await lintDefinitions([fixture("broken/brand-unknown-form-version.json")])).problems)).toEqual([]);
  });

  it("checks placeholders in brand copy", async () => {
    const dir = definitionsDir({ "brands/a.json": { ...noSchema(brand), footerText: "{companyname} is regulated" } });
    const problems = (await lintDefinitions([join(dir, "brands/a.json")])).problems.filter((p) => p.code !== "schema-pointer");
    expect(problems).toMatchObject([{ code: "unresolved-placeholder", path: "/footerText", suggestion: "did you mean '{companyName}'?" }]);
  });
});

describe("the scope of a run on one file", () => {
  const funnel = readJson(fixture("valid/minimal-funnel.json"));
  const brand = readJson(fixture("valid/brand.json"));
  const noSchema = <T extends { $schema?: string }>(d: T) => ({ ...d, $schema: undefined });
  const other = { ...noSchema(funnel), version: "other", routing: { ...funnel.routing, path: "other" } };

  it("loads the file's siblings, so the checks across files still run, and reports only the file named", async () => {
    const dir = definitionsDir({
      "funnels/fixture.json": noSchema(funnel),
      "funnels/other.json": other,
      "brands/a.json": { ...noSchema(brand), formVersion: "other" },
    });
    const clean = await lintDefinitions([join(dir, "brands/a.json")]);
    expect(codesOf(clean.problems)).toEqual(["schema-pointer"]); // formVersion 'other' is found in a sibling funnel
    expect(clean.files).toHaveLength(1);
    expect(clean.funnels).toEqual([]);

    writeFileSync(join(dir, "brands/a.json"), JSON.stringify({ ...noSchema(brand), formVersion: "othr" }, null, 2));
    const broken = await lintDefinitions([join(dir, "brands/a.json")]);
    expect(broken.problems.map((p) => [p.file.replace(/.*[\\/](\w+[\\/]\w+\.json)$/, "$1"), p.code])).toEqual([
      ["brands/a.json", "schema-pointer"],
      ["brands/a.json", "unknown-form-version"],
    ]);
    expect(broken.problems[1].suggestion).toBe("did you mean 'other'?");
  });

  it("puts a clash between two files in the file that was edited", async () => {
    // other.json is found first in the folder; editing fixture.json to claim its version reports fixture.json.
    const dir = definitionsDir({
      "funnels/fixture.json": { ...noSchema(funnel), version: "other" },
      "funnels/a-first.json": { ...other, version: "other", routing: { ...other.routing, path: "first" } },
    });
    const edited = await lintDefinitions([join(dir, "funnels/fixture.json")]);
    const clash = edited.problems.filter((p) => p.code === "duplicate-version");
    expect(clash).toHaveLength(1);
    expect(clash[0].file).toMatch(/funnels[\\/]fixture\.json$/);
  });

  it("gives no follow-on errors in other files when a file does not parse", async () => {
    const dir = definitionsDir({
      "funnels/fixture.json": '{\n  "version": "fixture",\n  "title": "Broken\n}',
      "brands/a.json": noSchema(brand),
      "content/site.json": { copy: { "start-heading": { text: "Hello" } } },
    });
    const report = await lintDefinitions([dir]);
    expect(
      report.problems
        .filter((p) => p.code !== "schema-pointer" && p.code !== "schema" && p.code !== "missing-property")
        .map((p) => [p.code, p.line]),
    ).toEqual([["json-syntax", 3]]);
  });
});

describe("problem codes", () => {
  it("lists every code once in the lint README table", async () => {
    const { PROBLEM_CODES } = await import("./types");
    const readme = readFileSync(join(root, "lint/README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Problem codes"));
    const listed = [...table.matchAll(/^\| (`[a-z-]+`(?:, `[a-z-]+`)*) \|/gm)].flatMap((m) => m[1].split(", ").map((c) => c.slice(1, -1)));
    expect([...listed].sort()).toEqual([...PROBLEM_CODES].sort());
  });
});

describe("file-name-mismatch", () => {
  it("offers both directions: rename the file, or change the version to the file's name", async () => {
    const funnel = readJson(fixture("valid/minimal-funnel.json"));
    const dir = definitionsDir({ "funnels/v9.json": { ...funnel, $schema: undefined } });
    const [problem] = (await lintDefinitions([join(dir, "funnels/v9.json")])).problems.filter((p) => p.code === "file-name-mismatch");
    expect(problem.suggestion).toMatch(
      /^rename the file to fixture\.json, or, .* set "version": "v9" \(and routing\.path\); npx funnel new v9 --from fixture/,
    );
  });
});
