/**
 * Which agreements are claimable: one or more date ranges and the loan types, set on a company
 * (definitions/companies/<companyId>.json) and overridden by a brand. Without either, the product's
 * default window applies (`DEFAULT_ELIGIBILITY`, schema/rules/eligibility.ts).
 */

/** Credit-file account types of motor finance a definition may call claimable (the bureau's codes). */
export const CLAIMABLE_LOAN_TYPES = ["HP", "CY", "BH", "CP", "CX", "ML", "FL", "OL", "CH"] as const;

export type ClaimableLoanType = (typeof CLAIMABLE_LOAN_TYPES)[number];

const isoDate = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "A date, YYYY-MM-DD (inclusive)." } as const;

export const eligibilitySchema = {
  type: "object",
  description:
    "Which agreements are claimable: start dates inside one of the windows (inclusive), of one of the loan types. `funnel lint` checks each window runs forwards and that windows do not overlap.",
  required: ["windows", "loanTypes"],
  properties: {
    windows: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["from", "to"],
        properties: {
          from: isoDate,
          to: isoDate,
          label: { type: "string", minLength: 1, description: "What the window is, e.g. a scheme's name." },
        },
        additionalProperties: false,
      },
    },
    loanTypes: {
      type: "array",
      minItems: 1,
      uniqueItems: true,
      description:
        "Account type codes: HP hire purchase, CY conditional sale, BH balloon HP, CP PCP, CX credit sale, ML motor loan, FL finance lease, OL operating lease, CH contract hire.",
      items: { enum: [...CLAIMABLE_LOAN_TYPES] },
    },
  },
  additionalProperties: false,
} as const;
