/**
 * Translations (definitions/i18n/<language>/): the lint's checks of them, one fixture folder per outcome, and the
 * definitions it resolves in a language (the funnel, its shared parts and messages, each overlaid by path).
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";
import { lintDefinitions } from "../lint-definitions";
import type { Problem } from "../types";
import { copyTexts } from "./copyTexts";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const TRANSLATION_CODES = new Set([
  "translation-missing",
  "translation-placeholder-mismatch",
  "translation-unknown-key",
  "translation-without-english",
]);
const shown = (p: Problem) => ({ code: p.code, file: p.file.replace(/^.*fixtures\//, ""), line: p.line, column: p.column, path: p.path });

describe("translation lint", () => {
  it("passes a complete translation with the English placeholders", async () => {
    const report = await lintDefinitions([fixture("i18n-valid")]);
    expect(report.problems.filter((p) => TRANSLATION_CODES.has(p.code))).toEqual([]);
  });

  describe("reports each mistake at its file, line and column", async () => {
    const problems = (await lintDefinitions([fixture("i18n-broken")])).problems.filter((p) => TRANSLATION_CODES.has(p.code)).map(shown);

    it("translation-missing: at the English text that has no translation", () => {
      expect(problems).toContainEqual({
        code: "translation-missing",
        file: "i18n-broken/parts/messages.json",
        line: 5,
        column: 22,
        path: "/messages/sign-required",
      });
    });

    it("translation-placeholder-mismatch: at the translated text", () => {
      expect(problems).toContainEqual({
        code: "translation-placeholder-mismatch",
        file: "i18n-broken/i18n/cy/funnels/fixture.json",
        line: 20,
        column: 37,
        path: "/copy/~1steps~13~1blocks~10~1props~1text",
      });
    });

    it("translation-unknown-key: at the key that names no English text", () => {
      expect(problems).toContainEqual({
        code: "translation-unknown-key",
        file: "i18n-broken/i18n/cy/funnels/fixture.json",
        line: 21,
        column: 5,
        path: "/copy/~1steps~19~1title",
      });
    });

    it("translation-without-english: a translation of a file that does not exist", () => {
      expect(problems).toContainEqual({
        code: "translation-without-english",
        file: "i18n-broken/i18n/cy/funnels/v9.json",
        line: 1,
        column: 1,
        path: "",
      });
    });

    it("and nothing else", () => {
      expect(problems).toHaveLength(4);
    });
  });

  it("translation-missing: a part a translated funnel uses without a translation, at the funnel's use of it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "i18n-lint-"));
    try {
      await cp(fixture("i18n-valid"), dir, { recursive: true });
      await rm(path.join(dir, "i18n/cy/parts/blocks/solicitors-note.json"));
      const problems = (await lintDefinitions([dir])).problems.filter((p) => TRANSLATION_CODES.has(p.code));
      expect(problems.map((p) => ({ code: p.code, file: path.basename(p.file), line: p.line, column: p.column, path: p.path }))).toEqual([
        { code: "translation-missing", file: "fixture.json", line: 66, column: 18, path: "/steps/3/blocks/2/use" },
      ]);
      expect(problems[0].message).toMatch(/'solicitors-note'/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the mails' translation", () => {
  it("reports a mail with no Welsh, and a Welsh mail that lost its link, at their lines", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "i18n-mails-"));
    try {
      await cp(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
      const site = path.join(dir, "content", "site.json");
      const english = await readFile(site, "utf8");
      const welsh = Object.fromEntries([...copyTexts("content", site, JSON.parse(english))].map(([k, v]) => [k, `Cy: ${v}`]));
      delete welsh["/mails/claimEmailCode/subject"];
      welsh["/mails/saveReturn/body/2"] = "Cy: (the link)";
      const translation = JSON.stringify({ copy: welsh }, null, 2);
      await mkdir(path.join(dir, "i18n", "cy", "content"), { recursive: true });
      await writeFile(path.join(dir, "i18n", "cy", "content", "site.json"), translation);
      const problems = (await lintDefinitions([dir])).problems.filter((p) => TRANSLATION_CODES.has(p.code));
      const lineOf = (text: string, within: string) => within.slice(0, within.indexOf(text)).split("\n").length;
      expect(problems.map((p) => ({ code: p.code, file: path.relative(dir, p.file), line: p.line, path: p.path }))).toEqual([
        {
          code: "translation-placeholder-mismatch",
          file: path.join("i18n", "cy", "content", "site.json"),
          line: lineOf('"Cy: (the link)"', translation),
          path: "/copy/~1mails~1saveReturn~1body~12",
        },
        {
          code: "translation-missing",
          file: path.join("content", "site.json"),
          line: lineOf('"subject": "Your {brandName} code: {code}"', english),
          path: "/mails/claimEmailCode/subject",
        },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("definitions in a language", () => {
  it("lays each file's translation over it, shared parts and messages included, keeping names and placeholders", async () => {
    const report = await lintDefinitions([fixture("i18n-valid")], { language: "cy" });
    expect(report.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(report.translated).toEqual({ versions: ["fixture"], content: false });
    const [funnel] = report.funnels;
    expect(funnel.title).toBe("Hawliad cyllid car (gosodiad lint)");
    const signature = funnel.steps.find((s) => s.id === "signature")!;
    expect(signature.title).toBe("Eich llofnod");
    expect(signature.blocks[0].props).toMatchObject({ text: "Llofnodwch i ddechrau eich hawliad, {firstName}" });
    // From parts/messages.json, through its own translation.
    expect(funnel.fields.signature.rules?.[0]).toMatchObject({ rule: "required", message: "Llofnodwch y ffurflen i barhau" });
    // From parts/fields/had-finance.json: the option labels change, the values do not.
    expect(funnel.fields.hadFinance.options).toEqual([
      { value: "yes", label: "Oedd" },
      { value: "no", label: "Nac oedd" },
    ]);
  });

  it("leaves the English run untouched", async () => {
    const [funnel] = (await lintDefinitions([fixture("i18n-valid")])).funnels;
    expect(funnel.title).toBe("Car finance claim (lint fixture)");
    expect(funnel.fields.signature.rules?.[0]).toMatchObject({ message: "Please sign the form to continue" });
  });
});

describe("what is copy", () => {
  it("takes the schema's plain text and a copy overlay's props, not names, settings or the compliance rules", () => {
    const brand = {
      brandId: "fairdrive",
      brandName: "FairDrive Claims",
      footerText: "A trading name",
      hostnames: ["localhost"],
      languages: { en: "English", cy: "Cymraeg" },
      copy: { "closing-fees": { text: "Fees up to 36%" }, "marketing-claims": { items: ["Free"] } },
    };
    expect([...copyTexts("brand", "brands/fairdrive.json", brand).keys()].sort()).toEqual([
      "/copy/closing-fees/text",
      "/copy/marketing-claims/items/0",
      "/footerText",
    ]);
  });
});
