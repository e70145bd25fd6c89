/** Field definitions: label, kind, transforms and validation rules with their messages. */
import { FIELD_RECORDS, type FieldRecord } from "./compliance.schema";
import type { FromSchema } from "json-schema-to-ts";

const message = { type: "string", minLength: 1 } as const;

/** Each rule is data; the validator for it lives in engine/rules.ts. */
export const fieldRuleSchemas = {
  required: { properties: { message } },
  minLength: { properties: { value: { type: "integer", minimum: 0 }, message }, required: ["value"] },
  maxLength: { properties: { value: { type: "integer", minimum: 1 }, message }, required: ["value"] },
  pattern: {
    properties: {
      value: { type: "string", description: "A regular expression the value must match." },
      flags: { type: "string", pattern: "^[imsu]*$" },
      negate: { type: "boolean", description: "Fail when the value matches instead." },
      message,
    },
    required: ["value"],
  },
  email: { properties: { message } },
  ukPostcode: { properties: { message } },
  ukMobile: { properties: { message } },
  realDate: { properties: { message } },
  ageBetween: {
    properties: { min: { type: "integer" }, max: { type: "integer" }, message },
    required: ["min", "max"],
  },
  checked: { properties: { message } },
  oneOf: { properties: { message } },
  matchesField: { properties: { field: { type: "string" }, message }, required: ["field"] },
} as const;

export const FIELD_RULES = Object.keys(fieldRuleSchemas) as ReadonlyArray<keyof typeof fieldRuleSchemas>;

export const FIELD_TRANSFORMS = [
  "trim",
  "uppercase",
  "lowercase",
  "digitsOnly",
  "leadingZero",
  "removeCommas",
  "collapseSpaces",
  // A UK mobile number is 11 digits: anything typed or pasted beyond them is dropped.
  "maxElevenDigits",
] as const;

export const FIELD_KINDS = ["text", "email", "tel", "password", "select", "radio", "checkbox", "date", "signature", "list"] as const;

export const fieldRuleSchema = {
  $id: "fieldRule",
  type: "object",
  required: ["rule", "message"],
  discriminator: { propertyName: "rule" },
  oneOf: Object.entries(fieldRuleSchemas).map(([rule, body]) => ({
    type: "object",
    properties: { rule: { const: rule }, ...body.properties },
    required: ["rule", "message", ...("required" in body ? body.required : [])],
    additionalProperties: false,
  })),
} as const;

/** An answer as a visitor gives it: text, a checkbox's true/false, or a list's items. */
const exampleValue = {
  type: ["string", "boolean", "array"],
  items: { type: "string" },
  description: "The answer as the visitor types or picks it, before the field's transforms.",
} as const;

/** Other answers the rules compare with (matchesField), by field path. */
const exampleOtherAnswers = {
  type: "object",
  description: 'Other answers the rules read, by field path, e.g. { "account.password": "correct horse" } for matchesField.',
  additionalProperties: exampleValue,
} as const;

/**
 * Answers that prove the field's rules, in the manner of a design system's component examples: one
 * list that documents the field, and that the lint runs through the field's transforms and rules
 * in the engine the browser and server share.
 */
export const fieldExamplesSchema = {
  type: "object",
  description:
    "Answers that prove the rules: each valid one must pass the field's transforms and rules, each invalid one must fail with its message. `funnel lint` runs them.",
  properties: {
    valid: {
      type: "array",
      items: {
        type: "object",
        required: ["value"],
        properties: {
          value: exampleValue,
          becomes: { ...exampleValue, description: "What the transforms must make of the value (e.g. a phone number gaining its 0)." },
          with: exampleOtherAnswers,
        },
        additionalProperties: false,
      },
    },
    invalid: {
      type: "array",
      items: {
        type: "object",
        required: ["value", "message"],
        properties: {
          value: exampleValue,
          message: { ...message, description: "The message the visitor must see for this answer." },
          with: exampleOtherAnswers,
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

export type FieldExamples = FromSchema<typeof fieldExamplesSchema>;

export const fieldSchema = {
  $id: "field",
  type: "object",
  required: ["kind", "label"],
  properties: {
    kind: { enum: FIELD_KINDS },
    label: { type: "string" },
    hint: { type: "string" },
    placeholder: { type: "string" },
    autocomplete: { type: "string" },
    options: {
      type: "array",
      items: {
        type: "object",
        required: ["value", "label"],
        properties: { value: { type: "string" }, label: { type: "string" } },
        additionalProperties: false,
      },
    },
    maxInputLength: { type: "integer", minimum: 1, description: "Characters the input accepts." },
    transforms: { type: "array", items: { enum: FIELD_TRANSFORMS }, uniqueItems: true },
    rules: { type: "array", items: { $ref: "fieldRule" } },
    secret: { type: "boolean", description: "Never kept in the saved progress or sent with the claim (passwords)." },
    transient: {
      type: "boolean",
      description:
        "Used while the funnel runs but never stored as an answer (a list saved as claims, a one-time code, a flag the flow sets).",
    },
    records: {
      enum: FIELD_RECORDS,
      description:
        "What the answer records under the claims-firm rules: the free-route confirmation, the reason for using the firm (and its free text), or the outstanding-debt answer. The cmcob profile requires them before the signature; each is kept as a consent event with the words shown.",
    },
    examples: fieldExamplesSchema,
  },
  additionalProperties: false,
} as const;

export type FieldRule =
  | { rule: "required"; message: string }
  | { rule: "minLength"; value: number; message: string }
  | { rule: "maxLength"; value: number; message: string }
  | { rule: "pattern"; value: string; flags?: string; negate?: boolean; message: string }
  | { rule: "email"; message: string }
  | { rule: "ukPostcode"; message: string }
  | { rule: "ukMobile"; message: string }
  | { rule: "realDate"; message: string }
  | { rule: "ageBetween"; min: number; max: number; message: string }
  | { rule: "checked"; message: string }
  | { rule: "oneOf"; message: string }
  | { rule: "matchesField"; field: string; message: string };

export type FieldTransform = (typeof FIELD_TRANSFORMS)[number];
export type FieldKind = (typeof FIELD_KINDS)[number];

export interface FieldDefinition {
  kind: FieldKind;
  label: string;
  hint?: string;
  placeholder?: string;
  autocomplete?: string;
  options?: { value: string; label: string }[];
  maxInputLength?: number;
  transforms?: FieldTransform[];
  rules?: FieldRule[];
  secret?: boolean;
  transient?: boolean;
  records?: FieldRecord;
  examples?: FieldExamples;
}

/**
 * Kinds whose value is never kept as an answer: a password is hashed into the account, a list is
 * saved as claims. A field of these kinds must say so with `secret` or `transient`.
 */
export const UNSTORABLE_FIELD_KINDS: readonly FieldKind[] = ["password", "list"];

/** Whether the server stores this field's answer: every field, unless it is secret, transient or of a kind never kept. */
export function isStoredField(field: Pick<FieldDefinition, "kind" | "secret" | "transient">): boolean {
  return !field.secret && !field.transient && !UNSTORABLE_FIELD_KINDS.includes(field.kind);
}
