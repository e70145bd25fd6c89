/** Where the tests' own definitions live (see README.md beside this file), and their JSON as typed imports. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import t1 from "./definitions/funnels/t1.json";

export const FIXTURE_DEFINITIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "definitions");

/** The fixture funnel t1 (start, address, about you, signature, account) and the fixture brand, as JSON. */
export { t1 as fixtureFunnelJson };
export { default as fixtureBrandJson } from "./definitions/brands/default.json";

/**
 * The tests' common fields (names, contact details, address, signature, password, lenders), with their own labels
 * and messages: the fixture funnel's, which a block or runner test's funnel asks unless it writes its own.
 */
export const FIXTURE_FIELDS = t1.fields;
