/**
 * The tests' own definitions (test-fixtures/definitions, as harness.ts serves them) with a complete pseudo-Welsh
 * ("Cy: " before every text) of the default brand, the fixture funnel t1 and the shared content, and t1 again
 * untranslated as `t1-en`, written to a folder of their own: the lint accepts it, and a test can tell the languages
 * apart and take the Welsh it expects from the translation itself.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { classify } from "../../lint/files";
import { copyTexts } from "../../lint/i18n/copyTexts";
import { readResolvedFunnel } from "../../lint/parts/read-funnel";
import { FIXTURE_DEFINITIONS_DIR, writeFixtureFunnelAs } from "../../test-fixtures/definitions";

export const PSEUDO_WELSH_MARK = "Cy: ";

/** The fixture funnel again under its own version, with no translation. */
export const UNTRANSLATED_FUNNEL = "t1-en";

/** The fixture funnel again, naming no error summary heading of its own (its refusals take the site's). */
export const UNTITLED_FUNNEL = "t1-untitled";

export interface PseudoWelshDefinitions {
  dir: string;
  /** A translated file's Welsh, by the English text's JSON pointer (e.g. `/mails/saveReturn/subject`). */
  welsh(relative: string, pointer: string): string;
  remove(): void;
}

export function pseudoWelshDefinitions(files = ["funnels/t1.json", "brands/default.json", "content/site.json"]): PseudoWelshDefinitions {
  const dir = mkdtempSync(path.join(tmpdir(), "definitions-cy-"));
  cpSync(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
  // Only the pseudo-Welsh below, and each funnel with its shared parts written in, so every text a test reads from
  // a funnel file is in that file and in its translation.
  rmSync(path.join(dir, "i18n"), { recursive: true, force: true });
  for (const name of readdirSync(path.join(dir, "funnels"))) {
    const file = path.join(dir, "funnels", name);
    const funnel = readResolvedFunnel(file);
    // A part's examples prove the part's own messages; a funnel that overrides them keeps its rules, not those proofs.
    for (const field of Object.values(funnel.fields)) delete (field as { examples?: unknown }).examples;
    writeFileSync(file, JSON.stringify(funnel, null, 2));
  }
  writeFixtureFunnelAs(dir, UNTRANSLATED_FUNNEL);
  const t1 = JSON.parse(readFileSync(path.join(dir, "funnels", "t1.json"), "utf8")) as { navigation: Record<string, unknown> };
  writeFixtureFunnelAs(dir, UNTITLED_FUNNEL, { navigation: { ...t1.navigation, errorSummaryTitle: undefined } });
  const brandFile = path.join(dir, "brands", "default.json");
  writeFileSync(brandFile, JSON.stringify({ ...JSON.parse(readFileSync(brandFile, "utf8")), languages: { en: "English", cy: "Cymraeg" } }));
  const translations = new Map<string, Record<string, string>>();
  for (const relative of files) {
    const english = path.join(dir, relative);
    const text = readFileSync(english, "utf8");
    const texts = copyTexts(classify(english, text)!, english, JSON.parse(text));
    const copy = Object.fromEntries([...texts].map(([pointer, value]) => [pointer, PSEUDO_WELSH_MARK + value]));
    const out = path.join(dir, "i18n", "cy", relative);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ copy }, null, 2));
    translations.set(relative, copy);
  }
  return {
    dir,
    welsh(relative, pointer) {
      const text = translations.get(relative)?.[pointer];
      if (text === undefined) throw new Error(`no Welsh for ${relative}#${pointer}`);
      return text;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
