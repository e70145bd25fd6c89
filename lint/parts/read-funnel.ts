/**
 * A funnel file read as the engine sees it, with its shared parts resolved,
 * for code that reads funnel files without the whole lint (the flows document,
 * tests). Throws when a reference cannot be resolved: run the lint for where.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { FunnelDefinition } from "../../schema/types";
import { displayPath } from "../files";
import { definitionsRootOf, readPartLibrary } from "./library";
import { resolveParts } from "./resolve";

export function readResolvedFunnel(file: string): FunnelDefinition {
  const absolute = resolve(file);
  const raw: unknown = JSON.parse(readFileSync(absolute, "utf8").replace(/^\uFEFF/, ""));
  const shown = displayPath(absolute);
  const { data, problems } = resolveParts(raw, shown, readPartLibrary(definitionsRootOf(absolute)));
  if (problems.length) throw new Error(`${shown}: ${problems.map((p) => `${p.file} ${p.finding.path}: ${p.finding.message}`).join("; ")}`);
  return data as FunnelDefinition;
}
