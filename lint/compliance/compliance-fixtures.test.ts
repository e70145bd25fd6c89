/**
 * The claims-firm checks on their fixtures (lint/fixtures/compliance/): each broken fixture is the compliant
 * funnel (or the valid brand) with one mistake, linted with the fixture content's rules (its `compliance` section),
 * and must give exactly the listed problems at the listed line and column.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lintDefinitions } from "../lint-definitions";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/compliance/${name}`, import.meta.url));
const CONTENT = fixture("content.json");
const FUNNEL = fixture("funnel.json");
const CATALOGUE = fileURLToPath(new URL("../fixtures/valid/catalogue.json", import.meta.url));

interface Expected {
  code: string;
  line: number;
  column: number;
  path: string;
  message?: RegExp;
}

const signatureAt = (line: number, step: number) => ({ line, column: 19, path: `/steps/${step}/blocks/1/type` });

const CASES: Record<string, { file: string; brand?: boolean; expected: Expected[] }> = {
  "a fee band above the cap, naming the band and the cap band": {
    file: "fee-band-above-cap.json",
    brand: true,
    expected: [
      {
        code: "fee-band-above-cap",
        line: 35,
        column: 20,
        path: "/fees/bands/1/percent",
        message: /^Fee band 2 \(£1,500 to £9,999, 32%.*28%/,
      },
      {
        code: "fee-band-above-cap",
        line: 40,
        column: 20,
        path: "/fees/bands/2/percent",
        message: /^Fee band 3 \(£10,000 and over.*the cap's 20%.*the cap's 15%/,
      },
    ],
  },
  "fee bands that overlap and run backwards": {
    file: "fee-bands.json",
    brand: true,
    expected: [
      { code: "fee-bands", line: 32, column: 17, path: "/fees/bands/1/from", message: /overlaps band 1/ },
      { code: "fee-bands", line: 33, column: 15, path: "/fees/bands/1/to" },
    ],
  },
  "claimable windows that overlap": {
    file: "eligibility-window.json",
    brand: true,
    expected: [{ code: "eligibility-window", line: 31, column: 17, path: "/eligibility/windows/1/from" }],
  },
  "the summary after the signature": {
    file: "summary-after-signature.json",
    expected: [
      { code: "cmcob-cancellation-right", ...signatureAt(245, 4) },
      { code: "cmcob-fee-illustration", ...signatureAt(245, 4) },
      { code: "cmcob-summary-document", ...signatureAt(245, 4), message: /step 'summary' shows it only after the signature/ },
    ],
  },
  "a missing acknowledgement on one branch only, naming that branch": {
    file: "missing-acknowledgement-on-one-branch.json",
    expected: [
      {
        code: "cmcob-free-route-acknowledgement",
        ...signatureAt(294, 5),
        message: /on the way get-started → address → about-you → summary → signature/,
      },
      { code: "cmcob-outstanding-debt", ...signatureAt(294, 5) },
    ],
  },
  "no debt question, no fee illustration and no cancellation right before the signature": {
    file: "missing-debt-fees-cancellation.json",
    expected: [
      { code: "cmcob-cancellation-right", ...signatureAt(244, 5) },
      { code: "cmcob-fee-illustration", ...signatureAt(244, 5) },
      { code: "cmcob-outstanding-debt", ...signatureAt(244, 5) },
    ],
  },
  "a missing redress-scheme message before the signature": {
    file: "missing-redress-scheme-notice.json",
    expected: [{ code: "cmcob-redress-scheme-notice", ...signatureAt(273, 5), message: /redress-scheme message/ }],
  },
  "'Act now' in a heading, at the phrase": {
    file: "act-now-heading.json",
    expected: [
      { code: "promotion-copy", line: 124, column: 22, path: "/steps/0/blocks/0/props/text", message: /^"Act now": false urgency/ },
    ],
  },
  "'up to £10,000' without a source, at the phrase": {
    file: "up-to-without-source.json",
    expected: [
      {
        code: "promotion-copy",
        line: 130,
        column: 40,
        path: "/steps/0/blocks/1/props/text",
        message: /^"up to £10,000": an 'up to' amount needs its source/,
      },
    ],
  },
};

describe("claims-firm lint fixtures", () => {
  it("finds the compliant funnel clean under the cmcob profile", async () => {
    expect((await lintDefinitions([FUNNEL, CONTENT])).problems).toEqual([]);
  });

  for (const [title, { file, brand, expected }] of Object.entries(CASES)) {
    it(`reports ${title}`, async () => {
      const report = await lintDefinitions([fixture(file), CONTENT, ...(brand ? [FUNNEL, CATALOGUE] : [])]);
      const actual = report.problems.map((p) => ({ file: p.file, code: p.code, line: p.line, column: p.column, path: p.path }));
      expect(actual).toEqual(
        expected.map((e) => ({
          file: expect.stringContaining(`compliance/${file}`),
          code: e.code,
          line: e.line,
          column: e.column,
          path: e.path,
        })),
      );
      report.problems.forEach((problem, i) => {
        const { message } = expected[i];
        if (message) expect(problem.message).toMatch(message);
      });
    });
  }

  it("reads the copy rules from the content: without them, 'Act now' passes", async () => {
    const report = await lintDefinitions([fixture("act-now-heading.json")]);
    expect(report.problems.filter((p) => p.code === "promotion-copy")).toEqual([]);
  });
});
