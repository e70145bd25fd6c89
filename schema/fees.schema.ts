/**
 * A claims firm's success fee as data: bands of redress, each a percentage (excluding VAT) with an optional cash
 * maximum, and the VAT rate. Set on a company (definitions/companies/<companyId>.json), overridden by a brand.
 * `funnel lint` checks every band against the fee cap in the shared content's `compliance.feeCap`; the fee
 * illustration (schema/rules/fees.ts) is computed from it wherever fees are stated.
 */

const pounds = { type: "number", minimum: 0 } as const;

/** One band of redress: from `from` pounds to `to` pounds inclusive (no `to`: and over). */
export const feeBandSchema = {
  type: "object",
  required: ["from", "percent"],
  properties: {
    from: { ...pounds, description: "The lowest redress in the band, in pounds." },
    to: { ...pounds, description: "The highest redress in the band, in pounds; leave out for the last band ('and over')." },
    percent: { type: "number", exclusiveMinimum: 0, maximum: 100, description: "The fee, as a percentage of the redress, excluding VAT." },
    maxFee: { ...pounds, description: "The most the fee can be in this band, in pounds, excluding VAT." },
  },
  additionalProperties: false,
} as const;

export const feesSchema = {
  type: "object",
  description: "The success fee: bands of redress, each a percentage excluding VAT with a cash maximum, and the VAT rate.",
  required: ["bands", "vatRate"],
  properties: {
    bands: { type: "array", minItems: 1, items: feeBandSchema },
    vatRate: { type: "number", minimum: 0, maximum: 100, description: "VAT charged on the fee, in per cent (20 in the UK)." },
    exampleRedress: {
      type: "object",
      description: "A typical redress amount the fee illustration starts with, and where the figure comes from.",
      required: ["amount", "source"],
      properties: {
        amount: { type: "number", exclusiveMinimum: 0 },
        source: { type: "string", minLength: 1, description: "Shown with the figure, e.g. the regulator's publication." },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

/** The regulator's cap: per band of redress, the highest percentage (excluding VAT) and cash maximum. */
export const feeCapSchema = {
  type: "array",
  minItems: 1,
  description: "The fee cap a brand's fee bands are checked against (CMCOB, from 1 March 2022).",
  items: {
    ...feeBandSchema,
    required: ["from", "percent", "maxFee"],
  },
} as const;
