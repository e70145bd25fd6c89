/** Where the tests' own definitions live (see README.md beside this file): engine, block and server tests run on these. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SiteContent } from "../schema/types";

export const FIXTURE_DEFINITIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "definitions");

/** The fixtures' shared content (content/site.json), e.g. the mails' wording a test passes to a mail's sender. */
export function fixtureSiteContent(): SiteContent {
  return JSON.parse(readFileSync(path.join(FIXTURE_DEFINITIONS_DIR, "content", "site.json"), "utf8")) as SiteContent;
}
