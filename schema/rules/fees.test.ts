import { describe, expect, it } from "vitest";
import { fixtureContentJson } from "../../test-fixtures/definitions";
import { bandRange, capBreaches, feeBandsText, feeExampleText, feeFor, feeIllustration, illustrationLine, type Fees } from "./fees";

/** The tests' own content's words (English), and the same words in Welsh, as a translation of the content gives them. */
const ENGLISH = fixtureContentJson.text.brandPlaceholders;
const WELSH = {
  ...ENGLISH,
  amountRange: "{from} i {to}",
  amountAndOver: "{from} a throsodd",
  feeBand: "{percent}% a TAW ({percentWithVat}% gan gynnwys TAW) o iawndal o {range}",
  feeBandCapped: "{percent}% a TAW ({percentWithVat}% gan gynnwys TAW) o iawndal o {range}, dim mwy na {maxFee} a TAW",
  feeLine: "Ar {redress} o iawndal, ein ffi yw {fee} a {vat} o TAW ar {vatRate}%, {total} i gyd; rydych yn cadw {youKeep}.",
};

const FEES: Fees = {
  bands: [
    { from: 1, to: 1499, percent: 25, maxFee: 375 },
    { from: 1500, to: 9999, percent: 25, maxFee: 2500 },
    { from: 10000, percent: 20, maxFee: 5000 },
  ],
  vatRate: 20,
  exampleRedress: { amount: 829, source: "FCA PS26/3, average redress per agreement" },
};

describe("fees", () => {
  it("charges the band's percentage, no more than its cash maximum", () => {
    expect(feeFor(FEES.bands, 829)).toBe(207.25);
    expect(feeFor(FEES.bands, 9999)).toBe(2499.75);
    expect(feeFor(FEES.bands, 40000)).toBe(5000);
    expect(feeFor(FEES.bands, 0)).toBe(0);
  });

  it("illustrates the example redress first, then each band's edges in order, with VAT and what the consumer keeps", () => {
    const rows = feeIllustration(FEES);
    expect(rows[0]).toMatchObject({ redress: 829, fee: 207.25, vat: 41.45, total: 248.7, youKeep: 580.3, why: "example" });
    expect(rows.slice(1).map((r) => r.redress)).toEqual([1, 1499, 1500, 9999, 10000]);
    expect(rows.find((r) => r.redress === 1499)).toMatchObject({ fee: 374.75, vat: 74.95, total: 449.7 });
  });

  it("words the bands and the example for copy", () => {
    expect(feeBandsText(FEES, ENGLISH)).toBe(
      "25% plus VAT (30% including VAT) of redress of £1 to £1,499, at most £375 plus VAT; " +
        "25% plus VAT (30% including VAT) of redress of £1,500 to £9,999, at most £2,500 plus VAT; " +
        "20% plus VAT (24% including VAT) of redress of £10,000 and over, at most £5,000 plus VAT",
    );
    expect(feeBandsText({ ...FEES, bands: [{ from: 1, percent: 30 }] }, ENGLISH)).toBe(
      "30% plus VAT (36% including VAT) of redress of £1 and over",
    );
    expect(feeExampleText(FEES, ENGLISH)).toBe(
      "On £829 of redress our fee is £207.25 plus £41.45 VAT at 20%, £248.70 in total; you keep £580.30. (FCA PS26/3, average redress per agreement)",
    );
    expect(feeExampleText({ ...FEES, exampleRedress: undefined }, ENGLISH)).toBe(
      "On £1,499 of redress our fee is £374.75 plus £74.95 VAT at 20%, £449.70 in total; you keep £1,049.30.",
    );
    expect(bandRange(FEES.bands[0], ENGLISH)).toBe("£1 to £1,499");
    expect(illustrationLine(feeIllustration(FEES)[0], 20, ENGLISH)).toBe(
      "On £829 of redress our fee is £207.25 plus £41.45 VAT at 20%, £248.70 in total; you keep £580.30.",
    );
  });

  it("words them in the words given: Welsh words give Welsh bands and example", () => {
    expect(bandRange(FEES.bands[2], WELSH)).toBe("£10,000 a throsodd");
    expect(feeBandsText(FEES, WELSH)).toBe(
      "25% a TAW (30% gan gynnwys TAW) o iawndal o £1 i £1,499, dim mwy na £375 a TAW; " +
        "25% a TAW (30% gan gynnwys TAW) o iawndal o £1,500 i £9,999, dim mwy na £2,500 a TAW; " +
        "20% a TAW (24% gan gynnwys TAW) o iawndal o £10,000 a throsodd, dim mwy na £5,000 a TAW",
    );
    expect(feeBandsText({ ...FEES, bands: [{ from: 1, percent: 30 }] }, WELSH)).toBe(
      "30% a TAW (36% gan gynnwys TAW) o iawndal o £1 a throsodd",
    );
    expect(illustrationLine(feeIllustration(FEES)[0], 20, WELSH)).toBe(
      "Ar £829 o iawndal, ein ffi yw £207.25 a £41.45 o TAW ar 20%, £248.70 i gyd; rydych yn cadw £580.30.",
    );
    expect(feeExampleText(FEES, WELSH)).toBe(
      "Ar £829 o iawndal, ein ffi yw £207.25 a £41.45 o TAW ar 20%, £248.70 i gyd; rydych yn cadw £580.30. (FCA PS26/3, average redress per agreement)",
    );
  });

  it("finds where a band goes over the cap, by percentage or by cash", () => {
    const cap = [
      { from: 1, to: 1499, percent: 30, maxFee: 420 },
      { from: 1500, to: 9999, percent: 28, maxFee: 2500 },
    ];
    expect(capBreaches({ from: 1, to: 1499, percent: 30, maxFee: 420 }, cap)).toEqual([]);
    expect(capBreaches({ from: 1500, to: 9999, percent: 32 }, cap).map((b) => b.kind)).toEqual(["percent", "cash"]);
    // 30% of £1,499 is £449.70: a cash maximum of £500 does not keep it under the cap's £420.
    expect(capBreaches({ from: 1, to: 1499, percent: 30, maxFee: 500 }, cap).map((b) => b.kind)).toEqual(["cash"]);
    expect(capBreaches({ from: 1, to: 9999, percent: 27 }, cap).map((b) => [b.capBand.from, b.kind])).toEqual([[1500, "cash"]]);
  });
});
