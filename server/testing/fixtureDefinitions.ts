/**
 * A throwaway definitions folder: the shipped brands, content and lender catalogue the server
 * needs to start, plus test fixture funnels (server/testing/fixtures/funnels/<name>.json), so a
 * test walks a funnel of its own rather than a shipped one whose copy editors change.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const FIXTURE_FUNNELS_DIR = path.join(ROOT, "server", "testing", "fixtures", "funnels");

export function definitionsWithFixtures(names: readonly string[]): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "definitions-fixture-"));
  cpSync(path.join(ROOT, "definitions"), dir, { recursive: true });
  for (const name of names) cpSync(path.join(FIXTURE_FUNNELS_DIR, `${name}.json`), path.join(dir, "funnels", `${name}.json`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
