/** Where the tests' own definitions live (see README.md beside this file): engine, block and server tests run on these. */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const FIXTURE_DEFINITIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "definitions");

/** The fixture funnel t1 (start, address, about you, signature, account) and the fixture brand, typed. */
export { default as fixtureFunnelJson } from "./definitions/funnels/t1.json";
export { default as fixtureBrandJson } from "./definitions/brands/default.json";
