import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "./run-cli";

const fixture = fileURLToPath(new URL("../lint/fixtures/valid/minimal-funnel.json", import.meta.url));
const schemaFile = fileURLToPath(new URL("../schema/json/funnel.schema.json", import.meta.url));
const saved = process.env.DEFINITIONS_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.DEFINITIONS_DIR;
  else process.env.DEFINITIONS_DIR = saved;
});

describe("funnel new", () => {
  it("copies a funnel with its version and path set and its mirrors and redirects removed, keeping its layout", async () => {
    const dir = mkdtempSync(join(tmpdir(), "funnel-new-"));
    const original = readFileSync(fixture, "utf8")
      .replace(
        '"unknownStep": "firstStep"',
        '"unknownStep": "firstStep",\n    "mirrors": ["v3"],\n    "redirectFrom": [{ "path": "v2", "fallbackStep": "address" }]',
      )
      .replace("../../../schema/json/funnel.schema.json", relative(join(dir, "funnels"), schemaFile).split("\\").join("/"));
    mkdirSync(join(dir, "funnels"));
    writeFileSync(join(dir, "funnels", "fixture.json"), original);
    process.env.DEFINITIONS_DIR = dir;
    let stdout = "";
    const code = await runCli(["new", "v9", "--from", "fixture"], { stdout: (t) => (stdout += t), stderr: (t) => (stdout += t) });
    const created = readFileSync(join(dir, "funnels", "v9.json"), "utf8");
    const data = JSON.parse(created);
    expect(data.version).toBe("v9");
    expect(data.routing).toEqual({ path: "v9", unknownStep: "firstStep" });
    expect(created.split("\n").length).toBe(original.split("\n").length - 2);
    expect(created).toContain('{ "type": "heading", "props": { "text": "Did you have car finance between 2007 and 2021?" } }');
    expect(stdout).toMatch(/removed routing\.redirectFrom and routing\.mirrors/);
    expect(stdout).toMatch(/1 file checked .*: no problems\n$/);
    expect(code).toBe(0);
    expect(await runCli(["new", "v9", "--from", "fixture"], { stdout: () => {}, stderr: () => {} })).toBe(1); // already exists
  });
});
