import { describe, expect, it } from "vitest";
import { capBreaches, feeBandsText, feeExampleText, feeFor, feeIllustration, type Fees } from "./fees";

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
    expect(feeBandsText(FEES)).toContain("25% plus VAT (30% including VAT) of redress of £1 to £1,499, at most £375 plus VAT");
    expect(feeExampleText(FEES)).toBe(
      "On £829 of redress our fee is £207.25 plus £41.45 VAT at 20%, £248.70 in total; you keep £580.30. (FCA PS26/3, average redress per agreement)",
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
