/**
 * Compliance profiles a brand or funnel declares (`"compliance": ["cmcob"]`), and the shared rules the lint
 * checks them against (definitions/content/site.json `compliance`): the fee cap and the promotion copy rules a
 * compliance officer extends without a developer.
 */
import { feeCapSchema } from "./fees.schema";

/** The rule sets the lint knows: `cmcob` is the FCA's claims-management conduct rules. */
export const COMPLIANCE_PROFILES = ["cmcob"] as const;

export type ComplianceProfile = (typeof COMPLIANCE_PROFILES)[number];

export const complianceProfilesSchema = {
  type: "array",
  uniqueItems: true,
  minItems: 1,
  description:
    "Rule sets this brand or funnel follows. 'cmcob': before every signature the funnel shows or collects the free-route acknowledgement, the outstanding-debt question, the summary document, the fee illustration and the right to cancel; the copy follows the promotion rules in the shared content's `compliance.copyRules`.",
  items: { enum: [...COMPLIANCE_PROFILES] },
} as const;

/**
 * What a field's answer records under the claims-firm rules (field `records`): the consumer's confirmation that
 * they know the free routes, their reason for using the firm (a choice, and its free text), and their answer to
 * the outstanding-debt question. The server keeps each as a consent event with the words shown.
 */
export const FIELD_RECORDS = ["freeRouteConfirmation", "freeRouteReason", "freeRouteReasonDetail", "outstandingDebt"] as const;

export type FieldRecord = (typeof FIELD_RECORDS)[number];

const text = { type: "string", minLength: 1 } as const;

/** A phrase a promotion must not use (matched case-insensitively, as whole words), and why. */
const bannedPhrase = {
  type: "object",
  required: ["phrase", "why"],
  properties: { phrase: text, why: { ...text, description: "Shown in the lint's message, e.g. 'false urgency'." } },
  additionalProperties: false,
} as const;

/** An amount claim that needs a qualifying statement in the same piece of copy. */
const amountRule = {
  type: "object",
  required: ["lead", "needsOneOf", "why"],
  properties: {
    lead: {
      type: "array",
      minItems: 1,
      items: text,
      description: "Words that, followed by an amount in pounds, make the claim (e.g. 'up to', 'average').",
    },
    needsOneOf: {
      type: "array",
      minItems: 1,
      items: text,
      description: "The copy must also say one of these (e.g. 'source:', 'after fees').",
    },
    why: text,
  },
  additionalProperties: false,
} as const;

export const complianceContentSchema = {
  type: "object",
  description: "What the lint checks a brand or funnel with a compliance profile against.",
  required: ["feeCap", "copyRules"],
  properties: {
    feeCap: feeCapSchema,
    copyRules: {
      type: "object",
      description: "Promotion rules for copy (FCA CMCOB 3.2.1R fair, clear and not misleading; ASA rulings on average figures).",
      required: ["bannedPhrases", "amountClaims"],
      properties: {
        bannedPhrases: { type: "array", items: bannedPhrase },
        amountClaims: { type: "array", items: amountRule },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;
