/**
 * Field validation from the definition's rules. The browser and the server run
 * this same code, so the server re-validates with exactly the messages the
 * user saw.
 */
import type { FieldDefinition, FieldRule } from "../schema/types";
import { ageOn, parseIsoDate } from "./dates";
import { EMAIL_ADDRESS } from "./email";
import { getPath, isFilled, type FormData } from "./paths";
import { applyTransforms } from "./transforms";

// BS 7666 style, from the domain notes; GIR 0AA is the one historic exception.
const UK_POSTCODE =
  /^(GIR ?0AA|(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UWXYZ]{2})$/i;
const UK_MOBILE = /^(?:07[1-57-9]\d{8}|07624\d{6})$/;

// A definition's patterns are few and fixed: each is compiled once, not at every check (Next checks every field).
const compiledPatterns = new Map<string, RegExp>();
function patternOf(source: string, flags = ""): RegExp {
  const key = `${flags}/${source}`;
  let pattern = compiledPatterns.get(key);
  if (!pattern) compiledPatterns.set(key, (pattern = new RegExp(source, flags)));
  return pattern;
}

type RuleCheck = (value: unknown, rule: FieldRule, ctx: RuleContext) => boolean;

export interface RuleContext {
  data: FormData;
  field: FieldDefinition;
  today: Date;
}

const asText = (value: unknown) => (typeof value === "string" ? value : value == null ? "" : String(value));

/** Each check returns true when the value passes. Empty values pass every rule but required/checked. */
const checks: Record<FieldRule["rule"], RuleCheck> = {
  required: (v) => isFilled(v),
  minLength: (v, r) => asText(v).length >= (r as { value: number }).value,
  maxLength: (v, r) => asText(v).length <= (r as { value: number }).value,
  pattern: (v, r) => {
    const rule = r as Extract<FieldRule, { rule: "pattern" }>;
    const matches = patternOf(rule.value, rule.flags).test(asText(v));
    return rule.negate ? !matches : matches;
  },
  email: (v) => EMAIL_ADDRESS.test(asText(v)),
  ukPostcode: (v) => UK_POSTCODE.test(asText(v).trim()),
  ukMobile: (v) => UK_MOBILE.test(asText(v)),
  realDate: (v) => parseIsoDate(asText(v)) !== null,
  ageBetween: (v, r, ctx) => {
    const rule = r as Extract<FieldRule, { rule: "ageBetween" }>;
    const date = parseIsoDate(asText(v));
    if (!date || date > ctx.today) return false;
    const age = ageOn(date, ctx.today);
    return age >= rule.min && age <= rule.max;
  },
  checked: (v) => v === true,
  oneOf: (v, _r, ctx) => (ctx.field.options ?? []).some((o) => o.value === v),
  matchesField: (v, r, ctx) => v === getPath(ctx.data, (r as { field: string }).field),
};

const ALWAYS_CHECKED: ReadonlySet<FieldRule["rule"]> = new Set(["required", "checked", "matchesField"]);

/** The first failing rule's message, or null when the value is valid. */
export function validateValue(value: unknown, field: FieldDefinition, data: FormData, today: Date = new Date()): string | null {
  const ctx: RuleContext = { data, field, today };
  for (const rule of field.rules ?? []) {
    if (!ALWAYS_CHECKED.has(rule.rule) && !isFilled(value)) continue;
    if (!checks[rule.rule](value, rule, ctx)) return rule.message;
  }
  return null;
}

export type FieldErrors = Record<string, string>;

/** Validates the given field paths against the data; returns path → message for each failure. */
export function validateFields(
  paths: readonly string[],
  fields: Record<string, FieldDefinition>,
  data: FormData,
  today: Date = new Date(),
): FieldErrors {
  const errors: FieldErrors = {};
  for (const path of paths) {
    const field = fields[path];
    if (!field) continue;
    const message = validateValue(getPath(data, path), field, data, today);
    if (message) errors[path] = message;
  }
  return errors;
}

/** Normalises the given paths with their transforms, as the server stores them. */
export function normaliseFields(
  paths: readonly string[],
  fields: Record<string, FieldDefinition>,
  read: (path: string) => unknown,
): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const path of paths) {
    const field = fields[path];
    if (field) out.set(path, applyTransforms(read(path), field.transforms));
  }
  return out;
}

export const RULE_NAMES = Object.keys(checks) as FieldRule["rule"][];
