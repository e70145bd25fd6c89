/** The test fixtures' shared content (content/site.json), e.g. the mails' wording a test hands a mail's sender. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { SiteContent } from "../../schema/types";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";

export function fixtureSiteContent(): SiteContent {
  return JSON.parse(readFileSync(path.join(FIXTURE_DEFINITIONS_DIR, "content", "site.json"), "utf8")) as SiteContent;
}
