/**
 * The tests' fixture definitions with a 50/50 experiment on the default brand (the fixture funnel t1 against t1b, the
 * same funnel without its start step), written to a temporary folder: the shared fixtures stay as they are for every
 * other test.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURE_DEFINITIONS_DIR } from "../../../test-fixtures/definitions";

export const LANDING_EXPERIMENT = {
  id: "landing",
  start: "2026-01-01",
  variants: [
    { id: "a", weight: 50, formVersion: "t1" },
    { id: "b", weight: 50, formVersion: "t1b" },
  ],
};

interface FunnelJson {
  routing: { unknownStep: string };
  steps: unknown[];
  [key: string]: unknown;
}
const readJson = <T = Record<string, unknown>>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;

export function experimentDefinitions(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "analytics-definitions-"));
  cpSync(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
  // The fixture's "$schema" is relative to the repository's folder; the lint reads the schema from code.
  const brandFile = path.join(dir, "brands", "default.json");
  const { $schema: _brandSchema, ...brand } = readJson(brandFile);
  writeFileSync(brandFile, JSON.stringify({ ...brand, experiments: [LANDING_EXPERIMENT] }, null, 2));
  // Variant b: the fixture funnel starting at its address step (no landing).
  const { $schema: _funnelSchema, ...t1 } = readJson<FunnelJson>(path.join(dir, "funnels", "t1.json"));
  const t1b = { ...t1, version: "t1b", routing: { path: "t1b", unknownStep: t1.routing.unknownStep }, steps: t1.steps.slice(1) };
  writeFileSync(path.join(dir, "funnels", "t1b.json"), JSON.stringify(t1b, null, 2));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
