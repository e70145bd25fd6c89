import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { start } from "./app";
import { DefinitionsError, loadDefinitions } from "./definitions";
import { FIXTURE_DEFINITIONS_DIR } from "../test-fixtures/definitions";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function brokenCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "definitions-"));
  dirs.push(dir);
  cpSync(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
  const file = path.join(dir, "funnels", "t1.json");
  writeFileSync(file, readFileSync(file, "utf8").replace('"type": "actionButton"', '"type": "actionButon"'));
  return dir;
}

describe("loadDefinitions", () => {
  it("loads the repository's funnels and brands through the lint", async () => {
    const { funnels, brands } = await loadDefinitions();
    expect(funnels.map((f) => f.version)).toContain("v3b");
    expect(brands.find((b) => b.isDefault)?.brandId).toBe("fairdrive");
  });

  it("refuses definitions with errors, with the lint's report", async () => {
    const error = await loadDefinitions(brokenCopy()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DefinitionsError);
    expect((error as Error).message).toMatch(/the server will not start/);
    expect((error as Error).message).toMatch(/t1\.json:\d+:\d+ error/);
  });

  it("so start() refuses to start", async () => {
    await expect(start({ port: 0, pgliteDir: "memory://", definitionsDir: brokenCopy(), env: {}, logLevel: "silent" })).rejects.toThrow(
      DefinitionsError,
    );
  });
});
