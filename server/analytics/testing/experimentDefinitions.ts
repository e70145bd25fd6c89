/**
 * The tests' fixture definitions with a 50/50 experiment on the default brand (the fixture funnel t1 against t1b, the
 * same funnel without its start step), written to a temporary folder: the shared fixtures stay as they are for every
 * other test.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURE_DEFINITIONS_DIR, fixtureFunnelJson, writeFixtureFunnelAs } from "../../../test-fixtures/definitions";

export const LANDING_EXPERIMENT = {
  id: "landing",
  start: "2026-01-01",
  variants: [
    { id: "a", weight: 50, formVersion: "t1" },
    { id: "b", weight: 50, formVersion: "t1b" },
  ],
};

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

export function experimentDefinitions(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "analytics-definitions-"));
  cpSync(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
  // The fixture's "$schema" is relative to the repository's folder; the lint reads the schema from code.
  const brandFile = path.join(dir, "brands", "default.json");
  const { $schema: _brandSchema, ...brand } = readJson(brandFile);
  writeFileSync(brandFile, JSON.stringify({ ...brand, experiments: [LANDING_EXPERIMENT] }, null, 2));
  // Variant b: the fixture funnel starting at its address step (no landing).
  writeFixtureFunnelAs(dir, "t1b", { steps: fixtureFunnelJson.steps.slice(1) });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
