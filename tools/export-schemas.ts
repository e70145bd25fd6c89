/** `npm run schemas`: writes schema/json/*.schema.json for editors. A test fails when they are stale. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildJsonSchemas, serialiseJsonSchema } from "./schemas/json-schemas";

export const SCHEMA_JSON_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "schema", "json");

mkdirSync(SCHEMA_JSON_DIR, { recursive: true });
for (const [name, schema] of Object.entries(buildJsonSchemas())) {
  const file = join(SCHEMA_JSON_DIR, name);
  writeFileSync(file, serialiseJsonSchema(schema));
  console.log(`wrote ${relative(process.cwd(), file)}`);
}
