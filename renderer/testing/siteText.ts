/** The site's words for DOM tests: the tests' own content file's `text` (test-fixtures/definitions, not the shipped copy). */
import siteJson from "../../test-fixtures/definitions/content/site.json";
import type { SiteText } from "../../schema/content.schema";
import type { BlockCopyDefaults } from "../../schema/blockCopy";
import { readBoot, setBoot, type Boot } from "../boot";

export const FIXTURE_TEXT = siteJson.text as SiteText;

/** The shared defaults of blocks' copy (`blockCopy`), which the server lays under every funnel. */
export const FIXTURE_BLOCK_COPY = siteJson.blockCopy as BlockCopyDefaults;

/**
 * The boot of a site page (no funnel) for DOM tests: a plain test brand and the site's words, with `parts` laid over
 * them (another brand, the page's own copy, other words).
 */
export function sitePageBoot(parts: Partial<Boot> = {}): Boot {
  return {
    brand: { brandName: "Test Brand", companyName: "Test Co", logoUrl: "/logo.svg" } as Boot["brand"],
    funnel: null,
    mountPath: null,
    stepId: null,
    status: 200,
    env: "test",
    text: FIXTURE_TEXT,
    ...parts,
  };
}

/** A boot for tests that render a piece of the page without one of their own: the given parts and the site's words. */
export function ensureTestBoot(boot: Omit<Boot, "text">): void {
  try {
    readBoot();
  } catch {
    setBoot({ ...boot, text: FIXTURE_TEXT });
  }
}
