/**
 * The project's root folder (the one with package.json), found from this
 * module's own location. The same answer whether the server runs from its
 * TypeScript sources or from the compiled bundle in dist/server/, so
 * definitions, migrations and the built renderer are found either way.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
