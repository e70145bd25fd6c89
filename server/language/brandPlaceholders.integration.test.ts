/**
 * A page's brand carries its claimable windows and fees in words (`placeholders`) in the page's language: over real
 * HTTP, a Welsh page's are told in the Welsh content's words (`text.brandPlaceholders`), an English page's in the
 * English words as before, and neither page carries the words themselves. The fixture definitions get a complete
 * pseudo-Welsh (server/testing/pseudoWelsh.ts), and their company two windows and fee bands, so every template is used.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPlaceholders } from "../../engine/copy";
import { PEOPLE, Visitor, formData, startTestServer, withSurname, type TestServer } from "../testing/harness";
import { PSEUDO_WELSH_MARK as MARK, pseudoWelshDefinitions, type PseudoWelshDefinitions } from "../testing/pseudoWelsh";
import { MINIMAL_TEMPLATE, standInRenderer, type StandInRenderer } from "../testing/standInRenderer";

let server: TestServer;
let renderer: StandInRenderer;
let definitions: PseudoWelshDefinitions;

const eligibility = {
  windows: [
    { from: "2007-04-06", to: "2014-03-31" },
    { from: "2014-04-01", to: "2024-11-01" },
  ],
  loanTypes: ["HP", "CP"],
};
const fees = {
  bands: [
    { from: 1, to: 1499, percent: 30, maxFee: 420 },
    { from: 1500, percent: 28 },
  ],
  vatRate: 20,
  exampleRedress: { amount: 950, source: "the scheme's average" },
};

const DISCLAIMER = "We check agreements from {claimablePeriods}.";

beforeAll(async () => {
  definitions = pseudoWelshDefinitions();
  const company = path.join(definitions.dir, "companies", "fairway-legal.json");
  writeFileSync(company, JSON.stringify({ ...JSON.parse(readFileSync(company, "utf8")), eligibility, fees }));
  // The consent step's disclaimer quotes the windows, in English and in its Welsh.
  const brand = path.join(definitions.dir, "brands", "default.json");
  writeFileSync(brand, JSON.stringify({ ...JSON.parse(readFileSync(brand, "utf8")), privacyFormDisclaimer: DISCLAIMER }));
  const welshBrand = path.join(definitions.dir, "i18n", "cy", "brands", "default.json");
  const translation = JSON.parse(readFileSync(welshBrand, "utf8")) as { copy: Record<string, string> };
  writeFileSync(welshBrand, JSON.stringify({ copy: { ...translation.copy, "/privacyFormDisclaimer": `${MARK}${DISCLAIMER}` } }));
  renderer = standInRenderer({ "index.html": MINIMAL_TEMPLATE });
  server = await startTestServer({ rendererDir: renderer.dir, definitionsDir: definitions.dir });
});
afterAll(async () => {
  await server?.stop();
  renderer?.remove();
  definitions.remove();
});

async function bootOf(pathname: string) {
  const html = await (await fetch(server.url + pathname)).text();
  return JSON.parse(/<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)![1]) as {
    lang: string;
    brand: { placeholders: Record<string, string> };
    text: Record<string, unknown>;
  };
}

/** The Welsh of one of the shared content's words. */
const welsh = (key: string) => definitions.welsh("content/site.json", `/text/brandPlaceholders/${key}`);

describe("a brand's placeholders in the page's language", () => {
  it("a Welsh page's windows and fees are told in the Welsh words", async () => {
    const boot = await bootOf("/claim/t1/get-started?lang=cy");
    expect(boot.lang).toBe("cy");
    const date = (day: number, month: string, year: number) => fillPlaceholders(welsh("date"), { day, month: welsh(month), year });
    const period = (from: string, to: string) => fillPlaceholders(welsh("period"), { from, to });
    const range = (from: string, to?: string) =>
      to ? fillPlaceholders(welsh("amountRange"), { from, to }) : fillPlaceholders(welsh("amountAndOver"), { from });
    const line = fillPlaceholders(welsh("feeLine"), {
      redress: "£950",
      fee: "£285",
      vat: "£57",
      vatRate: 20,
      total: "£342",
      youKeep: "£608",
    });
    expect(boot.brand.placeholders).toEqual({
      brandName: "FairDrive Claims",
      companyName: expect.any(String),
      averageClaim: "£950",
      claimableYears: fillPlaceholders(welsh("years"), { from: "2007", to: "2024" }),
      claimablePeriods: fillPlaceholders(welsh("periodsOr"), {
        periods: period(date(6, "april", 2007), date(31, "march", 2014)),
        period: period(date(1, "april", 2014), date(1, "november", 2024)),
      }),
      feeBands: fillPlaceholders(welsh("feeBandsJoin"), {
        bands: fillPlaceholders(welsh("feeBandCapped"), { percent: 30, percentWithVat: 36, range: range("£1", "£1,499"), maxFee: "£420" }),
        band: fillPlaceholders(welsh("feeBand"), { percent: 28, percentWithVat: 33.6, range: range("£1,500") }),
      }),
      feeExample: fillPlaceholders(welsh("feeLineSource"), { line, source: "the scheme's average" }),
    });
    // The pseudo-Welsh marks each word it gives: the years are the Welsh `years`, not the English.
    expect(boot.brand.placeholders.claimableYears).toBe(`${MARK}2007 and 2024`);
  });

  it("an English page's are as before, with the same keys, and no page carries the words themselves", async () => {
    const boot = await bootOf("/claim/t1/get-started");
    expect(boot.lang).toBe("en");
    expect(boot.brand.placeholders).toEqual({
      brandName: "FairDrive Claims",
      companyName: expect.any(String),
      averageClaim: "£950",
      claimableYears: "2007 and 2024",
      claimablePeriods: "6 April 2007 to 31 March 2014, or 1 April 2014 to 1 November 2024",
      feeBands:
        "30% plus VAT (36% including VAT) of redress of £1 to £1,499, at most £420 plus VAT; 28% plus VAT (33.6% including VAT) of redress of £1,500 and over",
      feeExample: "On £950 of redress our fee is £285 plus £57 VAT at 20%, £342 in total; you keep £608. (the scheme's average)",
    });
    expect(boot.text).not.toHaveProperty("brandPlaceholders");
    expect((await bootOf("/claim/t1/get-started?lang=cy")).text).not.toHaveProperty("brandPlaceholders");
  });

  it("a claim started on a Welsh visit records the consent with the windows in the Welsh words it showed, an English one in English", async () => {
    const consentIn = async (language: "cy" | "en", lastName: string) => {
      const visitor = new Visitor(server.url);
      visitor.cookies.set("lang", language);
      const person = withSurname(PEOPLE.amelia, lastName);
      const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) });
      expect(created.status).toBe(201);
      const { rows } = await server.db.query<{ text: string }>(
        `SELECT t.text FROM consent_events e JOIN consent_texts t ON t.hash = e.text_hash
         WHERE e.claim_request_id = $1 AND e.kind = 'terms-privacy'`,
        [created.body.id],
      );
      return rows[0]?.text;
    };
    const welshPeriods = (await bootOf("/claim/t1/get-started?lang=cy")).brand.placeholders.claimablePeriods;
    expect(await consentIn("cy", "Cydsyniad")).toContain(`${MARK}We check agreements from ${welshPeriods}.`);
    expect(await consentIn("en", "Consent")).toContain(
      "We check agreements from 6 April 2007 to 31 March 2014, or 1 April 2014 to 1 November 2024.",
    );
  });
});
