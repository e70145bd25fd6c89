/**
 * A brand's or company's fee bands (schema/fees.schema.ts) against the fee cap in the shared content's
 * `compliance.feeCap`: a band whose percentage or cash maximum goes over the cap where they overlap is an error
 * naming the band (fee-band-above-cap). Bands must also run upwards without overlapping (fee-bands), so every
 * amount of redress has one fee.
 */
import { capBreaches, formatMoney, type FeeBand } from "../../schema/rules/fees";
import type { FileFinding, LoadedFile } from "../check-sets";
import { asArray, asObject } from "../loose";
import { pointer } from "../pointer";
import { complianceRules } from "./shared";

/** A band's range as the lint's own messages (to the definitions' author, in English) name it. */
const bandRange = (band: FeeBand) =>
  band.to === undefined ? `${formatMoney(band.from)} and over` : `${formatMoney(band.from)} to ${formatMoney(band.to)}`;

const toBand = (raw: unknown): FeeBand | undefined => {
  const b = asObject(raw);
  if (typeof b.from !== "number" || typeof b.percent !== "number") return undefined;
  return {
    from: b.from,
    percent: b.percent,
    ...(typeof b.to === "number" ? { to: b.to } : {}),
    ...(typeof b.maxFee === "number" ? { maxFee: b.maxFee } : {}),
  };
};

function bandFindings(file: string, bands: unknown[], cap: FeeBand[]): FileFinding[] {
  const found: FileFinding[] = [];
  let previous: FeeBand | undefined;
  bands.forEach((raw, i) => {
    const band = toBand(raw);
    if (!band) return;
    const at = pointer("fees", "bands", i);
    if (band.to !== undefined && band.to < band.from)
      found.push({
        file,
        finding: {
          path: `${at}/to`,
          code: "fee-bands",
          severity: "error",
          message: `Band ${i + 1} ends (${band.to}) below where it starts (${band.from})`,
        },
      });
    if (previous && (previous.to === undefined || band.from <= previous.to))
      found.push({
        file,
        finding: {
          path: `${at}/from`,
          code: "fee-bands",
          severity: "error",
          message: `Band ${i + 1} (${bandRange(band)}) overlaps band ${i} (${bandRange(previous)}), so some redress would have two fees`,
          suggestion: "list the bands from the lowest redress up, each starting above the one before ends",
        },
      });
    previous = band;
    const breaches = capBreaches(band, cap);
    if (breaches.length === 0) return;
    found.push({
      file,
      finding: {
        path: `${at}/${breaches.some((b) => b.kind === "percent") || band.maxFee === undefined ? "percent" : "maxFee"}`,
        code: "fee-band-above-cap",
        severity: "error",
        message: `Fee band ${i + 1} (${bandRange(band)}, ${band.percent}%${band.maxFee !== undefined ? `, at most ${formatMoney(band.maxFee)}` : ""}) is above the fee cap: ${breaches
          .map((b) => `for redress of ${bandRange(b.capBand)}, ${b.what}`)
          .join("; ")}`,
        suggestion: `keep to the cap: ${breaches.map((b) => `${b.capBand.percent}% and at most ${formatMoney(b.capBand.maxFee ?? 0)} for ${bandRange(b.capBand)}`).join("; ")}`,
      },
    });
  });
  return found;
}

export function checkFees(brands: readonly LoadedFile[], companies: readonly LoadedFile[], contents: readonly LoadedFile[]): FileFinding[] {
  const cap = asArray(complianceRules(contents)?.feeCap).flatMap((b) => toBand(b) ?? []);
  return [...brands, ...companies].flatMap(({ file, data }) => {
    const bands = asArray(asObject(asObject(data).fees).bands);
    return bands.length ? bandFindings(file, bands, cap) : [];
  });
}
