/**
 * Funnel and brand definitions, read and checked by the one lint the CLI and
 * the tests use. The server refuses to start on any error, printing the same
 * report the CLI prints.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Brand, FunnelDefinition } from "../schema/types";
import { formatReport, lintDefinitions } from "../tools/lint/index";

export const DEFAULT_DEFINITIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../definitions");

export interface Definitions {
  funnels: FunnelDefinition[];
  brands: Brand[];
}

export class DefinitionsError extends Error {
  override name = "DefinitionsError";
}

/** Lints definitions/funnels/*.json and definitions/brands/*.json; throws the formatted report on any error. */
export async function loadDefinitions(dir = DEFAULT_DEFINITIONS_DIR): Promise<Definitions> {
  // A directory is linted through its funnels/ and brands/ folders (lenders/ has its own check).
  const report = await lintDefinitions([dir]);
  if (report.problems.some((p) => p.severity === "error")) {
    throw new DefinitionsError(`The definitions have errors; the server will not start.\n${formatReport(report, "text")}`);
  }
  if (report.funnels.length === 0) throw new DefinitionsError(`No funnel definitions found in ${path.join(dir, "funnels")}`);
  if (report.brands.length === 0) throw new DefinitionsError(`No brand definitions found in ${path.join(dir, "brands")}`);
  return { funnels: report.funnels, brands: report.brands };
}
