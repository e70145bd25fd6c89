/** Where the tests' own definitions live (see README.md beside this file), and their JSON as typed imports. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import t1 from "./definitions/funnels/t1.json";

export const FIXTURE_DEFINITIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "definitions");

/** The fixture funnel t1 (start, address, about you, signature, account), the fixture brand and content, as JSON. */
export { t1 as fixtureFunnelJson };
export { default as fixtureBrandJson } from "./definitions/brands/default.json";
/** The fixture shared content, whose `text` holds the server's own words in English. */
export { default as fixtureContentJson } from "./definitions/content/site.json";

/**
 * The tests' common fields (names, contact details, address, signature, password, lenders), with their own labels
 * and messages: the fixture funnel's, which a block or runner test's funnel asks unless it writes its own.
 */
export const FIXTURE_FIELDS = t1.fields;

/**
 * Writes the fixture funnel t1 again into a copy of the fixture definitions, as another version at its own path
 * (without t1's mirror), with `changes` laid over it: a test's variant of the funnel.
 */
export function writeFixtureFunnelAs(definitionsDir: string, version: string, changes: Record<string, unknown> = {}): void {
  const { $schema: _schema, routing, ...funnel } = t1;
  const variant = { ...funnel, version, routing: { path: version, unknownStep: routing.unknownStep }, ...changes };
  writeFileSync(path.join(definitionsDir, "funnels", `${version}.json`), JSON.stringify(variant, null, 2));
}
