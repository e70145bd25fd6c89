/** Checks about a definition file itself: its "$schema" pointer and its name. */
import { existsSync } from "node:fs";
import { basename, dirname, relative, resolve } from "node:path";
import { asObject, asString } from "./loose";
import { PROJECT_ROOT } from "./projectRoot";
import type { Finding } from "./types";
// Found from the project root, so the same from these sources and from the compiled server and CLI (dist/).
const SCHEMA_DIR = resolve(PROJECT_ROOT, "schema", "json");

/** "$schema" should resolve to our exported schema, so editors validate as the lint does. */
/** `kind` names the file in messages ("this funnel", "this field part"); `schemaFile` is its schema in schema/json/. */
export function checkSchemaPointer(absolute: string, kind: string, data: unknown, schemaFile = `${kind}.schema.json`): Finding[] {
  const expected = resolve(SCHEMA_DIR, schemaFile);
  const wanted = relative(dirname(absolute), expected).split("\\").join("/");
  const given = asString(asObject(data).$schema);
  const hint = `use "$schema": "${wanted}"`;
  if (given === undefined) {
    return [
      {
        path: "",
        code: "schema-pointer",
        severity: "warning",
        message: `No "$schema": editors cannot check this ${kind} as you type`,
        suggestion: hint,
      },
    ];
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(given)) return []; // a URL; we cannot check it offline
  const target = resolve(dirname(absolute), given);
  if (target === expected) return [];
  const problem = existsSync(target) ? `points at ${given}, not the ${kind} schema` : `points at ${given}, which does not exist`;
  return [{ path: "/$schema", code: "schema-pointer", severity: "warning", message: `"$schema" ${problem}`, suggestion: hint }];
}

/** funnels/<version>.json, so a version's file is easy to find. */
export function checkFunnelFileName(absolute: string, data: unknown): Finding[] {
  const version = asString(asObject(data).version);
  const name = basename(absolute, ".json");
  if (version === undefined || name === version || basename(dirname(absolute)) !== "funnels") return [];
  return [
    {
      path: "/version",
      code: "file-name-mismatch",
      severity: "warning",
      message: `Funnel version '${version}' is in ${name}.json`,
      suggestion: `rename the file to ${version}.json, or, if this is a new version made from a copy, set "version": "${name}" (and routing.path); npx funnel new ${name} --from ${version} does that for you`,
    },
  ];
}
