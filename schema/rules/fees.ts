/**
 * The success fee for an amount of redress, and the fee illustration copy and documents show: for the example
 * redress (e.g. the redress scheme's average) and each band's edges, the fee, the VAT on it, the total and what
 * the consumer keeps. Pure: read by the lint (the cap check), the server and the renderer. What is said in words is
 * said in the words given (the shared content's `text.brandPlaceholders` in the page's language).
 */
import type { BrandPlaceholderWords } from "../content.schema";
import { fillPlaceholders } from "../placeholders";

export interface FeeBand {
  from: number;
  to?: number;
  percent: number;
  maxFee?: number;
}

export interface Fees {
  bands: readonly FeeBand[];
  vatRate: number;
  exampleRedress?: { amount: number; source: string };
}

export interface FeeIllustrationRow {
  redress: number;
  /** Excluding VAT. */
  fee: number;
  vat: number;
  total: number;
  youKeep: number;
  band: FeeBand;
  /** Why this amount is shown: the example (with its source), or a band's edge. */
  why: "example" | "band-from" | "band-to";
}

const pence = (n: number) => Math.round(n * 100) / 100;

export function bandFor(bands: readonly FeeBand[], redress: number): FeeBand | undefined {
  return bands.find((b) => redress >= b.from && (b.to === undefined || redress <= b.to));
}

/** The fee excluding VAT: the band's percentage, no more than its cash maximum. */
export function feeFor(bands: readonly FeeBand[], redress: number): number {
  const band = bandFor(bands, redress);
  if (!band) return 0;
  const fee = (redress * band.percent) / 100;
  return pence(band.maxFee === undefined ? fee : Math.min(fee, band.maxFee));
}

export function illustrationRow(fees: Fees, redress: number, why: FeeIllustrationRow["why"]): FeeIllustrationRow | null {
  const band = bandFor(fees.bands, redress);
  if (!band) return null;
  const fee = feeFor(fees.bands, redress);
  const vat = pence((fee * fees.vatRate) / 100);
  const total = pence(fee + vat);
  return { redress, fee, vat, total, youKeep: pence(redress - total), band, why };
}

/** The example redress, then each band's lower and upper edge, in order of amount. */
export function feeIllustration(fees: Fees): FeeIllustrationRow[] {
  const rows: FeeIllustrationRow[] = [];
  const seen = new Set<number>();
  const add = (redress: number, why: FeeIllustrationRow["why"]) => {
    if (seen.has(redress)) return;
    const row = illustrationRow(fees, redress, why);
    if (row) {
      seen.add(redress);
      rows.push(row);
    }
  };
  if (fees.exampleRedress) add(fees.exampleRedress.amount, "example");
  for (const band of fees.bands) {
    add(band.from, "band-from");
    if (band.to !== undefined) add(band.to, "band-to");
  }
  const [example, ...edges] = rows;
  return fees.exampleRedress && example?.why === "example"
    ? [example, ...edges.sort((a, b) => a.redress - b.redress)]
    : rows.sort((a, b) => a.redress - b.redress);
}

/** "£1,499" or "£248.70". */
export function formatMoney(amount: number): string {
  const whole = Number.isInteger(amount);
  return `£${amount.toLocaleString("en-GB", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** "£1 to £1,499" or "£50,000 and over" (the words' `amountRange` and `amountAndOver`). */
export function bandRange(band: FeeBand, words: Pick<BrandPlaceholderWords, "amountRange" | "amountAndOver">): string {
  return band.to === undefined
    ? fillPlaceholders(words.amountAndOver, { from: formatMoney(band.from) })
    : fillPlaceholders(words.amountRange, { from: formatMoney(band.from), to: formatMoney(band.to) });
}

/** One line per row, for text (copy placeholders): the words' `feeLine`. */
export function illustrationLine(row: FeeIllustrationRow, vatRate: number, words: Pick<BrandPlaceholderWords, "feeLine">): string {
  return fillPlaceholders(words.feeLine, {
    redress: formatMoney(row.redress),
    fee: formatMoney(row.fee),
    vat: formatMoney(row.vat),
    vatRate,
    total: formatMoney(row.total),
    youKeep: formatMoney(row.youKeep),
  });
}

/**
 * The bands in words: "30% plus VAT (36% including VAT) of redress of £1 to £1,499, at most £420 plus VAT; …" (each a
 * `feeBand`, or `feeBandCapped` with a cash maximum, each after the first added by `feeBandsJoin`).
 */
export function feeBandsText(
  fees: Fees,
  words: Pick<BrandPlaceholderWords, "feeBand" | "feeBandCapped" | "feeBandsJoin" | "amountRange" | "amountAndOver">,
): string {
  const [first = "", ...rest] = fees.bands.map((b) => {
    const values = { percent: b.percent, percentWithVat: pence((b.percent * (100 + fees.vatRate)) / 100), range: bandRange(b, words) };
    return b.maxFee === undefined
      ? fillPlaceholders(words.feeBand, values)
      : fillPlaceholders(words.feeBandCapped, { ...values, maxFee: formatMoney(b.maxFee) });
  });
  return rest.reduce((bands, band) => fillPlaceholders(words.feeBandsJoin, { bands, band }), first);
}

/**
 * The example redress's line with its source, for copy: "On £829 of redress … (average redress per agreement, FCA
 * PS26/3)" (the words' `feeLine`, with the source by `feeLineSource`).
 */
export function feeExampleText(fees: Fees, words: Pick<BrandPlaceholderWords, "feeLine" | "feeLineSource">): string {
  const amount = fees.exampleRedress?.amount ?? fees.bands[0]?.to ?? fees.bands[0]?.from ?? 0;
  const row = illustrationRow(fees, amount, "example");
  if (!row) return "";
  const line = illustrationLine(row, fees.vatRate, words);
  return fees.exampleRedress ? fillPlaceholders(words.feeLineSource, { line, source: fees.exampleRedress.source }) : line;
}

/** A brand's fees: its own, else its company's. */
export function resolveFees(brand: { fees?: Fees }, company: { fees?: Fees } | null | undefined): Fees | undefined {
  return brand.fees ?? company?.fees;
}

/** Where a band goes over the cap: the cap band it overlaps whose percentage or cash maximum it exceeds. */
export interface CapBreach {
  capBand: FeeBand;
  kind: "percent" | "cash";
  what: string;
}

export function capBreaches(band: FeeBand, cap: readonly FeeBand[]): CapBreach[] {
  const top = band.to ?? Number.POSITIVE_INFINITY;
  return cap
    .filter((c) => band.from <= (c.to ?? Number.POSITIVE_INFINITY) && top >= c.from)
    .flatMap((c) => {
      const out: CapBreach[] = [];
      if (band.percent > c.percent) out.push({ capBand: c, kind: "percent", what: `${band.percent}% is above the cap's ${c.percent}%` });
      const capMax = c.maxFee ?? Number.POSITIVE_INFINITY;
      // The band's fee in the cap band's range: its cash maximum, else its percentage of the range's top.
      const rangeTop = Math.min(top, c.to ?? Number.POSITIVE_INFINITY);
      const bandMost = Math.min(band.maxFee ?? Number.POSITIVE_INFINITY, (rangeTop * band.percent) / 100);
      if (bandMost > capMax)
        out.push({
          capBand: c,
          kind: "cash",
          what: `its fee can reach ${Number.isFinite(bandMost) ? formatMoney(pence(bandMost)) : "any amount"}, above the cap's ${formatMoney(capMax)}`,
        });
      return out;
    });
}
