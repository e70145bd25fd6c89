/**
 * The tests' fixture definitions with a 50/50 experiment on the default brand (v3b against v3d), written to a
 * temporary folder: the shared fixtures stay as they are for every other test.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_DEFINITIONS_DIR } from "../../definitions";

export const LANDING_EXPERIMENT = {
  id: "landing",
  start: "2026-01-01",
  variants: [
    { id: "a", weight: 50, formVersion: "v3b" },
    { id: "b", weight: 50, formVersion: "v3d" },
  ],
};

export function experimentDefinitions(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "analytics-definitions-"));
  cpSync(DEFAULT_DEFINITIONS_DIR, dir, { recursive: true });
  const file = path.join(dir, "brands", "default.json");
  const brand = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  // The fixture's "$schema" is relative to the repository's folder; the lint reads the schema from code.
  delete brand.$schema;
  writeFileSync(file, JSON.stringify({ ...brand, experiments: [LANDING_EXPERIMENT] }, null, 2));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
